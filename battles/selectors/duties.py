"""What waits on an officer now (the duties page 待辦 and the count in the navigation
bar): armies marching on their city, to be met by a sortie (R4.6), siege calls they may take up
or assign (R6.1, R7.3), stratagem challenges to them (R9.3),
pursuits they may order (R8.2), moves awaiting their approval (R3.2), promotions to decide
(R2.3), claims to confirm or dispute before their window ends and their own claims disputed
(R11.3), ransoms and retreat money to confirm (R10.1, R10.2), and their games waiting to start
or in play.

Who may act is the services' rule read back (the same authority functions), so that a duty is
listed for exactly the officers whose action the service would take. Deadlines are read from
the timers that will close the window (a call's period, a flag), so the list and the war cannot
disagree. Three queries for an officer on the road or with an army, four in a city, five for
the governor present in their city, eight for a king; one more when a move may await the
officer's approval (who is there to decide), and one more when an army marches on a city of
theirs (`marches_on`, read with the officer's row, says whether one does)."""

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef, Q, Subquery
from django.urls import reverse
from django.utils.translation import gettext as _

from battles.authority import orders_sortie
from battles.models import Army, BanqiGame, Defender, Pursuit, Ransom, Siege, Stratagem
from battles.timer_kinds import BANQI_FLAG, PERIOD
from campaign.announcements import local
from campaign.authority import decides_for_city, is_king
from campaign.models import Move, Officer, Promotion, Timer, Whereabouts
from campaign.rules.personnel import may_fight
from cities.models import City
from play.models import Game
from play.services.live import side_of, side_to_move
from play.timer_kinds import CLAIM_WINDOW, GAME_FLAG
from seasons.models import Application


@dataclass(frozen=True)
class Duty:
    kind: str  # march, call, stratagem, pursuit, move, promotion, claim, ransom, retreat, game, banqi, application
    key: str  # the same key as the notice that announced it (campaign/services/notices.py)
    summary: str  # in the reader's language
    path: str  # where it is done
    since: datetime
    deadline: datetime | None = None  # None: it waits until someone acts

    @property
    def sort_key(self) -> tuple:
        return (self.deadline is None, self.deadline or self.since, self.since, self.key)


# What the list shows and whose turn it is (side_to_move): a slim read, since every page of an
# officer asks (building the SQL of a wide select costs more than running it).
GAME_FIELDS = (
    "status",
    "siege_id",
    "siege__city__name",
    "called_at",
    "started_at",
    "attacker__name",
    "defender__name",
    "claim_status",
    "reported_by_id",
    "reported_at",
    "live_since",
    "moves",
    "game_kind",
    "attacker_moves_first",
    "favoured",
    "extra_moves",
)


def _pending_due(kind: str, object_field: str = "pk"):
    """The instant of the pending timer of `kind` on the row (its window's end)."""
    timers = Timer.objects.filter(kind=kind, object_id=OuterRef(object_field), status=Timer.Status.PENDING)
    return Subquery(timers.order_by("due_at").values("due_at")[:1])


def officer_duties(*, officer: Officer, now: datetime) -> list[Duty]:
    """Most urgent first. `officer` as the request middleware reads it (kingdom and city
    joined)."""
    if officer.whereabouts == Whereabouts.PRISONER:
        return []  # R10: a prisoner decides nothing and plays nothing until freed
    slug = officer.campaign.slug  # the caller's campaign (a query if it was not joined)
    king = is_king(officer, officer.kingdom) if officer.kingdom_id else False
    duties: list[Duty] = []
    duties += _games(officer, slug, king)
    if getattr(officer, "marches_on", True):  # read with the officer's row (`marches_on`), or not read: ask
        duties += _marches(officer, slug, now, king)
    duties += _stratagems(officer, slug, now)
    if king or officer.whereabouts == Whereabouts.CITY:
        duties += _moves(officer, slug, now, king)
    governs_here = officer.city is not None and officer.city.governor_id == officer.pk
    if king or (governs_here and officer.whereabouts == Whereabouts.CITY):
        duties += _pursuits(officer, slug, now, king)
    if king:
        duties += _king(officer, slug)
    return sorted(duties, key=lambda duty: duty.sort_key)


def marches_on() -> Exists:
    """Whether an army marches on the officer's city, a city they govern or one of their kingdom:
    more than `_marches` lists (no time, no defender's check), read as an annotation of the
    officer's row (campaign.hooks.officer_counts), so that the count on every page asks nothing
    more while no army marches on them."""
    targets = Q(target_id=OuterRef("city_id")) | Q(target__governor_id=OuterRef("pk"))
    targets |= Q(target__kingdom__king_id=OuterRef("pk"))
    return Exists(Army.objects.filter(targets, status=Army.Status.MARCHING))


def _marches(officer: Officer, slug: str, now: datetime, king: bool) -> list[Duty]:
    """R4.6: an army marching on a city, until it arrives or is met: a duty of those who order a
    sortie (the city's governor in the city, the king), and a notice to the governor away and the
    defenders present (who may be sent out, R1.6), with its arrival. One query."""
    who = Q(target__governor=officer)
    if king:
        who |= Q(target__kingdom_id=officer.kingdom_id)
    if officer.whereabouts == Whereabouts.CITY and officer.kingdom_id is not None and may_fight(officer.kind):
        who |= Q(target_id=officer.city_id, target__kingdom_id=officer.kingdom_id)
    armies = (
        Army.objects.filter(who, status=Army.Status.MARCHING, arrives_at__gt=now, field_battle__isnull=True)
        .select_related("kingdom", "target__kingdom")
        .order_by()  # sorted below with the rest
    )
    duties = []
    for army in armies:
        names = {
            "kingdom": army.kingdom.name,
            "city": army.target.name,
            "time": local(officer.campaign, army.arrives_at),
        }
        if orders_sortie(officer, army.target):
            summary = _("%(kingdom)s marches on %(city)s, arriving at %(time)s: order a sortie to meet it") % names
        else:
            summary = _("%(kingdom)s marches on %(city)s, arriving at %(time)s") % names
        path = reverse("army", args=[slug, army.pk]) + "#sortie"
        duties.append(Duty("march", f"army:{army.pk}:march", summary, path, army.departs_at, army.arrives_at))
    return duties


def _games(officer: Officer, slug: str, king: bool) -> list[Duty]:
    """One query: the siege calls they may take up (on the roster, in the city) or assign (the
    governor, the king), and their own games called, waiting or in play."""
    on_roster = Exists(Defender.objects.filter(siege=OuterRef("siege_id"), officer=officer, until__isnull=True))
    may_answer = Q(siege__city__governor=officer)
    if king:
        may_answer |= Q(siege__city__kingdom_id=officer.kingdom_id)
    if officer.whereabouts == Whereabouts.CITY and officer.city_id is not None:
        may_answer |= Q(siege__city_id=officer.city_id, on_roster=True)
    calls = Q(status=Game.Status.CALLED, siege__status=Siege.Status.ACTIVE) & may_answer
    mine = Q(status=Game.Status.PENDING) & (Q(attacker=officer) | Q(defender=officer))
    games = (
        # Not by campaign: officers, cities and kingdoms belong to one, and SQLite's planner (no
        # statistics) would take the campaign's index over the status's.
        Game.objects.filter(status__in=[Game.Status.CALLED, Game.Status.PENDING])
        .annotate(
            on_roster=on_roster,
            period_ends=_pending_due(PERIOD, "siege_id"),
            flag_due=_pending_due(GAME_FLAG),
            claim_due=_pending_due(CLAIM_WINDOW),
        )
        .filter(calls | mine)
        .select_related("attacker", "defender", "siege__city")
        .only(*GAME_FIELDS)
    )
    duties = [
        _call(game, slug) if game.status == Game.Status.CALLED else _own_game(game, officer, slug) for game in games
    ]
    return [duty for duty in duties if duty is not None]


def _call(game: Any, slug: str) -> Duty:  # a Game annotated by _games
    assert game.siege is not None
    return Duty(
        "call",
        f"game:{game.pk}:call",
        _("Siege call by %(name)s at %(city)s: a defender takes it up")
        % {"name": game.attacker.name, "city": game.siege.city.name},
        reverse("siege", args=[slug, game.siege_id]),
        game.called_at,
        game.period_ends,
    )


def _own_game(game: Any, officer: Officer, slug: str) -> Duty | None:  # annotated by _games
    """Their game waiting or in play, or its claimed result (R11.3) waiting on them."""
    opponent = game.defender if game.attacker_id == officer.pk else game.attacker
    name = opponent.name if opponent is not None else "…"
    path = reverse("game", args=[slug, game.pk])
    since = game.started_at or game.called_at
    if game.claim_status == "claimed" and game.reported_by_id not in (officer.pk, None):
        summary = _("%(name)s reported the result of your game: confirm or dispute it") % {"name": name}
        return Duty("claim", f"game:{game.pk}:claim", summary, path, game.reported_at or since, game.claim_due)
    if game.claim_status == "disputed" and game.reported_by_id == officer.pk:
        summary = _("%(name)s disputes the result you reported: the authority of R11.3 decides") % {"name": name}
        return Duty("claim", f"game:{game.pk}:dispute", summary, path, game.reported_at or since)
    if game.claim_status:
        return None  # their own claim waits on the opponent; the disputer waits on the authority
    if game.live_since is None:
        summary = _("Your game against %(name)s waits to start") % {"name": name}
        return Duty("game", f"game:{game.pk}:start", summary, path, since)
    yours = side_to_move(game) == side_of(game, officer)
    summary = (_("Your move against %(name)s") if yours else _("Your game against %(name)s is in play")) % {
        "name": name
    }
    return Duty("game", f"game:{game.pk}:play", summary, path, since, game.flag_due if yours else None)


def _stratagems(officer: Officer, slug: str, now: datetime) -> list[Duty]:
    """Two queries: challenges to them still open (R9.3), and dark-chess games of theirs."""
    duties = []
    challenges = Stratagem.objects.filter(
        Q(target=officer) | Q(substitute=officer), status=Stratagem.Status.CHALLENGED, deadline__gt=now
    ).select_related("schemer")
    for stratagem in challenges:
        summary = _("%(name)s challenges you with a stratagem: take up the dark-chess game") % {
            "name": stratagem.schemer.name
        }
        duties.append(
            Duty(
                "stratagem",
                f"stratagem:{stratagem.pk}:challenge",
                summary,
                reverse("stratagems", args=[slug]),
                stratagem.challenged_at,
                stratagem.deadline,
            )
        )
    banqi = (
        BanqiGame.objects.filter(Q(first=officer) | Q(second=officer), ended_at__isnull=True)
        .annotate(flag_due=_pending_due(BANQI_FLAG))
        .select_related("first", "second")
        .only("pk", "first__name", "second__name", "started_at", "actions", "first_id", "second_id")
    )
    for game in banqi:
        opponent = game.second if game.first_id == officer.pk else game.first
        yours = (len(game.actions) % 2 == 0) == (game.first_id == officer.pk)
        summary = (
            _("Your turn in the dark-chess game against %(name)s")
            if yours
            else _("Your dark-chess game against %(name)s is in play")
        ) % {"name": opponent.name}
        duties.append(
            Duty(
                "banqi",
                f"banqi:{game.pk}:play",
                summary,
                reverse("banqi", args=[slug, game.pk]),
                game.started_at,
                game.flag_due if yours else None,
            )
        )
    return duties


def _moves(officer: Officer, slug: str, now: datetime, king: bool) -> list[Duty]:
    """Moves still waiting for an approval this officer may give (R3.2; the king, R2.1)."""
    if king:
        waiting = Q(officer__kingdom_id=officer.kingdom_id)
    else:
        here = officer.city_id
        waiting = Q(origin_approver__isnull=True, origin_id=here) | Q(
            destination_approver__isnull=True, destination_id=here
        )
        waiting |= Q(origin_approver__isnull=True, origin__governor=officer)
        waiting |= Q(destination_approver__isnull=True, destination__governor=officer)
        waiting &= Q(needs_king=False) & ~Q(officer=officer)
    moves = list(
        Move.objects.filter(waiting, campaign_id=officer.campaign_id, status=Move.Status.REQUESTED)
        .select_related("officer", "origin", "destination")
        .order_by()  # sorted below with the rest
    )
    if moves and not king:
        # Whether the governor of either city is there to decide (R2.6, R3.2): one more query,
        # only when a request may be this officer's to approve.
        ids = {move.origin_id for move in moves} | {move.destination_id for move in moves}
        cities = City.objects.filter(pk__in=ids).select_related(
            "kingdom", "governor__user__presence", "governor__campaign"
        )
        found = {city.pk: city for city in cities}
        for move in moves:
            move.origin, move.destination = found[move.origin_id], found[move.destination_id]
    duties = []
    for move in moves:
        if not king and not (
            (move.origin_approver_id is None and decides_for_city(officer, move.origin, now, move.officer_id))
            or (
                move.destination_approver_id is None
                and decides_for_city(officer, move.destination, now, move.officer_id)
            )
        ):
            continue
        summary = _("%(name)s asks to move from %(a)s to %(b)s: approve or reject") % {
            "name": move.officer.name,
            "a": move.origin.name,
            "b": move.destination.name,
        }
        duties.append(Duty("move", f"move:{move.pk}:request", summary, reverse("moves", args=[slug]), move.created_at))
    return duties


def _pursuits(officer: Officer, slug: str, now: datetime, king: bool) -> list[Duty]:
    """R8.2: the governor present in the city, or the king, orders a pursuit in the window."""
    who = Q(city__governor=officer, city_id=officer.city_id) if officer.whereabouts == Whereabouts.CITY else Q()
    if king:
        who = Q(city__kingdom_id=officer.kingdom_id) | who if who else Q(city__kingdom_id=officer.kingdom_id)
    elif not who:
        return []
    pursuits = Pursuit.objects.filter(who, status=Pursuit.Status.OPEN, deadline__gt=now).select_related("city")
    return [
        Duty(
            "pursuit",
            f"pursuit:{pursuit.pk}:open",
            _("An army retreats from %(city)s: order a pursuit") % {"city": pursuit.city.name},
            reverse("army", args=[slug, pursuit.army_id]),
            pursuit.opened_at,
            pursuit.deadline,
        )
        for pursuit in pursuits
    ]


def _king(officer: Officer, slug: str) -> list[Duty]:
    """The king's: applications to join the kingdom (R1.5), promotions recommended (R2.3), ransoms
    owed to the kingdom (R10.2) and retreat money offered to it (R10.1)."""
    assert officer.kingdom_id is not None  # officer_duties calls this for a king only
    duties = []
    applications = Application.objects.filter(
        kingdom_id=officer.kingdom_id, status=Application.Status.PENDING
    ).select_related("user")
    for application in applications:
        summary = _("%(name)s asks to join your kingdom: admit or refuse") % {"name": application.user.get_username()}
        path = reverse("kingdom", args=[slug, officer.kingdom_id])
        duties.append(Duty("application", application.duty_key, summary, path, application.created_at))
    promotions = Promotion.objects.filter(
        officer__kingdom_id=officer.kingdom_id, status=Promotion.Status.PENDING
    ).select_related("officer")
    for promotion in promotions:
        summary = _("Promotion of %(name)s recommended: decide") % {"name": promotion.officer.name}
        path = reverse("personnel", args=[slug])
        duties.append(Duty("promotion", f"promotion:{promotion.pk}:recommend", summary, path, promotion.created_at))
    ransoms = Ransom.objects.filter(kingdom_id=officer.kingdom_id, status=Ransom.Status.OWED).select_related(
        "officer", "siege"
    )
    for ransom in ransoms:
        names = {"name": ransom.officer.name, "amount": ransom.amount}
        if ransom.kind == Ransom.Kind.RANSOM:
            kind, path = "ransom", reverse("prisoners", args=[slug])
            summary = _("%(name)s owes a ransom of %(amount)s: confirm payment or release") % names
        elif ransom.siege is not None and ransom.siege.status == Siege.Status.ACTIVE:
            kind, path = "retreat", reverse("siege", args=[slug, ransom.siege_id])
            summary = _("%(name)s offers retreat money of %(amount)s: confirm it") % names
        else:
            continue  # retreat money counts only before the fall (R10.1)
        duties.append(Duty(kind, f"ransom:{ransom.pk}:owed", summary, path, ransom.created_at))
    return duties
