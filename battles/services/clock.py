"""The war's clock (RULES.md §7): the daily change at local midnight (R7.1), and the 30-minute
penalty periods of a siege (R7.2, R7.3) that accrue only inside the hours of war (R7.4).

Each day and each period is a timer with a unique key; its handler evaluates the rules as of
the timer's due instant and stamps the ledger with it, so a day or period applied late, after
the site, the worker or Redis was down, gives the same result as one applied on time (R7.5).
Each handler schedules the next one, so a long outage is caught up in due order.
"""

from datetime import date, datetime

from battles import announcements as texts
from battles.models import Army, Siege
from battles.rules import outnumbered_loss
from battles.services.common import announcement_post, siege_topic
from battles.services.fall import city_fall
from battles.services.head_counts import head_counts_at
from battles.services.ledger import day_change_rows, value_change
from battles.services.lifecycle import army_check_forced_retreat
from battles.services.locks import city_lock
from battles.timer_kinds import DAY, PERIOD
from campaign.models import Campaign, Timer
from campaign.rules.clock import advance_war_time, next_midnight
from campaign.timers import timer_handler, timer_schedule
from play.models import Game


def day_key(campaign_id: int, day: date) -> str:
    return f"day:{campaign_id}:{day.isoformat()}"


def day_schedule(*, campaign: Campaign, after: datetime) -> Timer:
    """Schedule the first local midnight after `after` (R7.1)."""
    zone = campaign.zone
    due = next_midnight(after, zone)
    day = due.astimezone(zone).date()
    return timer_schedule(campaign=campaign, key=day_key(campaign.pk, day), kind=DAY, object_id=campaign.pk, due_at=due)


def first_day_schedule(campaign: Campaign, at: datetime) -> None:
    """A campaign's first local midnight (a campaign-created hook)."""
    day_schedule(campaign=campaign, after=at)


@timer_handler(DAY)
def day_change(timer: Timer) -> None:
    """R7.1: every city's wall +5 up to its maximum, every besieging army −10 morale; one
    statement per kind, one ledger row per city or army changed, keyed by the local date."""
    campaign = Campaign.objects.get(pk=timer.object_id)
    zone = campaign.zone
    at = timer.due_at
    day = at.astimezone(zone).date()
    key = day_key(campaign.pk, day)
    besieging = (
        Army.objects.filter(campaign=campaign, besieging_from__lte=at, morale__gt=0)
        .exclude(besieging_until__lte=at)
        .exclude(status=Army.Status.ENDED)
    )
    falling = day_change_rows(
        campaign=campaign, day=day, key=key, at=at, applied=timer.applied_at or at, besieging=besieging
    )
    for army in Army.objects.filter(pk__in=falling).select_related(
        "kingdom__capital", "origin", "target__board", "campaign", "siege__city"
    ):
        army_check_forced_retreat(army=army, at=at)  # R8.1: morale 0 forces a retreat
    day_schedule(campaign=campaign, after=at)


def period_due(campaign: Campaign, after: datetime) -> datetime:
    """`after` plus one period of war time (R7.4 Decision)."""
    return advance_war_time(
        after, campaign.penalty_period, campaign.zone, campaign.war_start_minute, campaign.war_end_minute
    )


def period_schedule(*, siege: Siege, seq: int, after: datetime) -> Timer:
    """The end of penalty period `seq`, one period of war time after `after`."""
    campaign = siege.campaign
    due = period_due(campaign, after)
    return timer_schedule(
        campaign=campaign, key=f"siege:{siege.pk}:period:{seq}", kind=PERIOD, object_id=siege.pk, due_at=due, seq=seq
    )


def _period_start(siege: Siege, seq: int) -> datetime:
    if seq == 0:
        return siege.started_at
    return Timer.objects.get(key=f"siege:{siege.pk}:period:{seq - 1}").due_at


@timer_handler(PERIOD)
def period_end(timer: Timer) -> None:
    """R7.2 and R7.3 for one period, evaluated as of its end: who was present then, and
    whether a defender took up a siege game during it; then the next siege call (R7.3)."""
    siege = Siege.objects.select_related("campaign").get(pk=timer.object_id)
    city = city_lock(siege.city_id)
    siege = Siege.objects.select_related("campaign").get(pk=siege.pk)
    at, seq, campaign = timer.due_at, timer.seq, siege.campaign
    if siege.status == Siege.Status.FALLEN or (siege.ended_at is not None and siege.ended_at <= at):
        return  # over before this period ended (or fallen: the capture set the wall, R10.1)
    start = _period_start(siege, seq)
    defenders, attackers = head_counts_at(siege=siege, at=at)
    outnumbered = outnumbered_loss(defenders, attackers, campaign.outnumbered_ratio, campaign.outnumbered_points)
    answered = Game.objects.filter(siege=siege, started_at__gte=start, started_at__lt=at).exists()
    if outnumbered:
        value_change(
            key=f"siege:{siege.pk}:period:{seq}:outnumbered",
            city=city,
            delta=-outnumbered,
            clause="R7.2",
            cause="outnumbered",
            names={"defenders": defenders, "attackers": attackers},
            due_at=at,
        )
    if not answered:
        value_change(
            key=f"siege:{siege.pk}:period:{seq}:unanswered",
            city=city,
            delta=-campaign.unanswered_points,
            clause="R7.3",
            cause="unanswered",
            due_at=at,
        )
    if city.wall == 0:
        army = siege.armies.filter(status=Army.Status.BESIEGING).order_by("besieging_from", "pk").first()
        if army is not None:  # Decision: a wall worn to 0 falls to the army there first
            city_fall(
                siege=siege, city=city, army=Army.objects.select_related("kingdom", "campaign").get(pk=army.pk), at=at
            )
            return
    if siege.status != Siege.Status.ACTIVE:
        # Applied late, after the siege was lifted: the periods that ended before the lifting
        # still count, as they would have on time; none after it.
        assert siege.ended_at is not None  # a siege that ends (fallen or lifted) records when
        if period_due(campaign, at) < siege.ended_at:
            period_schedule(siege=siege, seq=seq + 1, after=at)
        return
    following = period_schedule(siege=siege, seq=seq + 1, after=at)
    announcement_post(
        city.board,
        f"siege:{siege.pk}:call:{seq + 1}",
        at,
        texts.siege_call_due(city, campaign, following.due_at),
        topic=siege_topic(siege.pk),
    )
