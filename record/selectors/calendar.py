"""What an officer's private calendar holds: the instants the war has set for them —
their arrival, their army's, the ends of the 30-minute periods of the siege they are in (R7.2,
R7.3), the daily change (R7.1), their battle games waiting or in play, and the deadline of a
stratagem challenge to them (R9.3). Read from the timers that will apply them: the calendar and
the war cannot disagree. A fixed number of queries, whatever the war's size."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from battles.models import Army, Siege, Stratagem
from battles.timer_kinds import DAY, PERIOD, STRATAGEM_DEADLINE
from campaign.models import Move, Officer, Timer, Whereabouts
from play.models import Game


@dataclass(frozen=True)
class CalendarEvent:
    uid: str  # stable across fetches: a calendar app updates the event instead of adding one
    start: datetime
    summary: str
    path: str


def officer_calendar(*, officer: Officer) -> list[CalendarEvent]:
    slug = officer.campaign.slug
    events = _arrivals(officer, slug)
    army = None
    if officer.whereabouts == Whereabouts.ARMY and officer.army_id is not None:
        army = Army.objects.select_related("target").get(pk=officer.army_id)
        if army.status == Army.Status.MARCHING:
            events.append(
                CalendarEvent(
                    f"army-{army.pk}",
                    army.arrives_at,
                    _("The army reaches %(city)s") % {"city": army.target.name},
                    reverse("army", args=[slug, army.pk]),
                )
            )
    events += _timed(officer, _besieged(officer, army), slug)
    events += _games(officer, slug)
    return sorted(events, key=lambda event: event.start)


def _arrivals(officer: Officer, slug: str) -> list[CalendarEvent]:
    """The officer's arrival at the end of their move on the road."""
    events = []
    for move in Move.objects.filter(officer=officer, status=Move.Status.TRAVELLING).select_related("destination"):
        if move.arrives_at is not None:
            events.append(
                CalendarEvent(
                    f"move-{move.pk}",
                    move.arrives_at,
                    _("Arrival at %(city)s") % {"city": move.destination.name},
                    reverse("moves", args=[slug]),
                )
            )
    return events


def _besieged(officer: Officer, army: Army | None) -> dict[int, Siege]:
    """The siege they are in, by id: their army's, or their city's (none when on the road)."""
    sieges = Siege.objects.filter(status=Siege.Status.ACTIVE).select_related("city")
    if army is not None and army.siege_id is not None:
        sieges = sieges.filter(pk=army.siege_id)
    elif officer.whereabouts == Whereabouts.CITY and officer.city_id is not None:
        sieges = sieges.filter(city_id=officer.city_id)
    else:
        sieges = sieges.none()
    return {siege.pk: siege for siege in sieges}


def _timed(officer: Officer, besieged: dict[int, Siege], slug: str) -> list[CalendarEvent]:
    """What the pending timers will apply for them, in one query: the ends of their siege's
    periods, the daily change, the deadlines of the stratagems that challenge them."""
    campaign = officer.campaign
    pending = Timer.objects.filter(campaign=campaign, status=Timer.Status.PENDING)
    timers = pending.filter(Q(kind=PERIOD, object_id__in=list(besieged)) | Q(kind=DAY, object_id=campaign.pk)).order_by(
        "due_at"
    )
    challenges = {
        s.pk: s
        for s in Stratagem.objects.filter(target=officer, status=Stratagem.Status.CHALLENGED).select_related("schemer")
    }
    if challenges:
        timers = timers | pending.filter(kind=STRATAGEM_DEADLINE, object_id__in=list(challenges))
    events = []
    for timer in timers:
        if timer.kind == PERIOD:
            siege = besieged[timer.object_id]
            summary = _("Siege of %(city)s: period %(n)s ends") % {"city": siege.city.name, "n": timer.seq + 1}
            events.append(CalendarEvent(timer.key, timer.due_at, summary, reverse("siege", args=[slug, siege.pk])))
        elif timer.kind == DAY:
            summary = _("Daily change of walls and morale")
            events.append(CalendarEvent(timer.key, timer.due_at, summary, reverse("dashboard", args=[slug])))
        else:
            schemer = challenges[timer.object_id].schemer.name
            summary = _("Last moment to answer %(name)s's stratagem") % {"name": schemer}
            events.append(CalendarEvent(timer.key, timer.due_at, summary, reverse("stratagems", args=[slug])))
    return events


def _games(officer: Officer, slug: str) -> list[CalendarEvent]:
    """Their battle games awaiting a defender or being played, at their start (or their call)."""
    games = Game.objects.filter(
        Q(attacker=officer) | Q(defender=officer), status__in=[Game.Status.CALLED, Game.Status.PENDING]
    ).select_related("attacker", "defender")
    events = []
    for game in games:
        opponent = game.defender if game.attacker_id == officer.pk else game.attacker
        summary = _("Battle game against %(name)s") % {"name": opponent.name if opponent else "…"}
        start = game.started_at or game.called_at
        events.append(CalendarEvent(f"game-{game.pk}", start, summary, reverse("game", args=[slug, game.pk])))
    return events
