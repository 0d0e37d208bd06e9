"""Arrivals at a target (RULES.md R4.5, R4.6, R8.3, R8.4): an army that arrives unopposed begins
a siege or joins the one there (R10.4), a reinforcing column joins its army, a defender who
arrives in a besieged city takes a free place on the roster."""

from datetime import datetime

from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.authority import commander
from battles.models import Army, ArmyMember, Defender, Siege
from battles.rules import (
    ATTACK_RANKS,
    DEFENCE_RANKS,
    free_rank_for,
    propose_defence,
    propose_ranks,
)
from battles.services.clock import period_schedule
from battles.services.common import announcement_post, army_topic, siege_topic, status_change
from battles.services.ledger import value_change
from battles.services.locks import city_lock
from battles.timer_kinds import ARMY_ARRIVAL
from campaign.authority import governor_can_act
from campaign.errors import RuleViolation
from campaign.models import Officer, Timer, Whereabouts
from campaign.rules.personnel import may_fight
from campaign.said import event_or_none
from campaign.services.notices import duties_recount, notices_send
from campaign.timers import timer_handler
from cities.models import City
from play.models import Game


def _build_roster(siege: Siege, city: City, at: datetime) -> None:
    """R6.3 / R6.4: the king on top when in the city, then the governor when online, then the
    others by stars; the governor may rearrange it afterwards (`roster_set`)."""
    present = [
        o
        for o in Officer.objects.filter(whereabouts=Whereabouts.CITY, city=city, kingdom=city.kingdom)
        .select_related("user__presence", "campaign")
        .order_by("-stars", "name")
        if may_fight(o.kind)
    ]
    king = next((o for o in present if city.kingdom and city.kingdom.king_id == o.pk), None)
    governor = next((o for o in present if o.pk == city.governor_id and o != king and governor_can_act(city, at)), None)
    ordered = [o for o in (king, governor) if o] + [o for o in present if o not in (king, governor)]
    ranks = propose_defence([o.stars for o in ordered], king_present=bool(king), governor_acting=bool(governor))
    Defender.objects.bulk_create(
        [Defender(siege=siege, officer=o, rank=r, position=i, since=at) for i, (o, r) in enumerate(zip(ordered, ranks))]
    )


def siege_join(*, army: Army, at: datetime) -> Siege:
    """An arriving army begins a siege of its target, or joins the one already there (R10.4)."""
    city = city_lock(army.target_id)
    siege = Siege.objects.filter(city=city, status=Siege.Status.ACTIVE).first()
    first_period = None
    if siege is None:
        siege = Siege.objects.create(campaign_id=city.campaign_id, city=city, started_at=at)
        _build_roster(siege, city, at)
        first_period = period_schedule(siege=Siege.objects.select_related("campaign").get(pk=siege.pk), seq=0, after=at)
    status_change(army, Army.Status.BESIEGING, _("army"))
    army.siege, army.besieging_from = siege, at
    army.save(update_fields=["status", "siege", "besieging_from"])
    army.members.filter(status=ArmyMember.Status.ACTIVE).update(since=at, until=None)
    announcement_post(
        city.board, f"army:{army.pk}:siege", at, *texts.siege_begun(army, city), topic=siege_topic(siege.pk)
    )
    if first_period is not None:  # R7.3: the defence has a call to answer from the first instant charged
        due = texts.siege_call_due(city, army.campaign, first_period.due_at)
        announcement_post(city.board, f"siege:{siege.pk}:call:0", at, due, topic=siege_topic(siege.pk))
    return siege


def defender_arrive(*, officer: Officer, city: City, at: datetime) -> Defender | None:
    """R8.4: a defender who arrives in a besieged city takes a free place on the roster that
    keeps the star order; with none free they form a field army (no place on the roster)."""
    siege = Siege.objects.filter(city=city, status=Siege.Status.ACTIVE).first()
    if siege is None or officer.kingdom_id != city.kingdom_id or not may_fight(officer.kind):
        return None
    places = list(siege.roster.filter(until__isnull=True).select_related("officer"))
    rank = free_rank_for(officer.stars, [(d.officer.stars, d.rank) for d in places], DEFENCE_RANKS)
    if rank is None:
        return None
    position = max((d.position for d in places), default=-1) + 1
    place, _created = Defender.objects.update_or_create(
        siege=siege, officer=officer, defaults={"rank": rank, "position": position, "since": at, "until": None}
    )
    open_calls_tell(siege=siege, officer_ids=[officer.pk])
    return place


def open_calls_tell(*, siege: Siege, officer_ids: list[int]) -> None:
    """R6.1: defenders who take a place on the roster while siege calls wait are told of each
    call, as the defenders there were when it was made: any defender on the roster may take it."""
    if not officer_ids:
        return
    for pk in Game.objects.filter(siege=siege, status=Game.Status.CALLED).values_list("pk", flat=True):
        notices_send(campaign_id=siege.campaign_id, officer_ids=officer_ids, key=f"game:{pk}:call")


@timer_handler(ARMY_ARRIVAL)
def army_arrive(timer: Timer) -> None:
    """R4.5 / R4.6: an army that arrives without being intercepted begins a siege."""
    army = (
        Army.objects.select_for_update(no_key=True, of=("self",))
        .select_related("campaign", "kingdom", "target__board", "target__kingdom")
        .get(pk=timer.object_id)
    )
    if army.status != Army.Status.MARCHING:
        return  # in a field battle (R4.6): the battle decides what happens next
    duties_recount(key=f"army:{army.pk}:march")  # arrived: too late for a sortie (R4.6)
    if army.reinforces_id:
        reinforcement_arrive(column=army, at=timer.due_at)
        return
    siege_join(army=army, at=timer.due_at)


def reinforcement_arrive(*, column: Army, at: datetime) -> None:
    """At the siege: those with fewer stars than the marshal take a free rank that keeps R4.3
    without moving anyone (+3 morale each); the others form an independent army (own morale)."""
    assert column.reinforces_id is not None  # the arrival sends here only a column that reinforces
    main = (
        Army.objects.select_for_update(no_key=True, of=("self",)).select_related("kingdom").get(pk=column.reinforces_id)
    )
    if main.status != Army.Status.BESIEGING:
        siege_join(army=column, at=at)  # nobody to join: it besieges as an army of its own
        return
    head = commander(main)
    marshal_stars = head.officer.stars if head else 0
    placed = [
        (m.officer.stars, m.rank)
        for m in main.members.filter(status=ArmyMember.Status.ACTIVE).select_related("officer")
    ]
    position = main.members.count()
    joined = []
    for member in column.members.select_related("officer").order_by("position"):
        officer = member.officer
        rank = free_rank_for(officer.stars, placed, ATTACK_RANKS) if officer.stars < marshal_stars else None
        if rank is None:
            continue
        ArmyMember.objects.filter(pk=member.pk).update(army=main, rank=rank, position=position, since=at, until=None)
        Officer.objects.filter(pk=officer.pk).update(army=main)
        placed.append((officer.stars, rank))
        position += 1
        joined.append(officer.name)
        value_change(
            key=f"army:{main.pk}:joined:{officer.pk}",
            army=main,
            delta=main.campaign.reinforcement_morale,
            clause="R8.3",
            cause="joined",
            names={"name": officer.name},
            due_at=at,
        )
    rest = list(column.members.order_by("position").select_related("officer"))
    if joined:
        announcement_post(
            main.target.board,
            f"army:{column.pk}:joined",
            at,
            texts.reinforcements_joined(joined, main),
            topic=army_topic(main),
        )
    if not rest:
        status_change(column, Army.Status.ENDED, _("army"))
        reason = texts.joined_the_army()
        column.ended_at, column.end_reason, column.end_said = at, reason, event_or_none(reason)
        column.save(update_fields=["status", "ended_at", "end_reason", "end_said"])
        return
    ArmyMember.objects.filter(army=column).update(rank="infantry")  # one marshal at every instant
    ranks = propose_ranks([m.officer.stars for m in sorted(rest, key=lambda m: -m.officer.stars)], ATTACK_RANKS)
    for position, (member, rank) in enumerate(zip(sorted(rest, key=lambda m: -m.officer.stars), ranks)):
        ArmyMember.objects.filter(pk=member.pk).update(rank=rank, position=position)
    siege_join(army=column, at=at)  # an independent army (R8.3), its own morale


def siege_departure_check(officer: Officer) -> None:
    """R3.6 / R10.3: officers of a besieged city may not move out (a campaign departure check)."""
    city = officer.city
    assert city is not None  # officer_one_whereabouts: the checks run once the officer is known to be in a city
    if Siege.objects.filter(city_id=city.pk, status=Siege.Status.ACTIVE).exists():
        raise RuleViolation(
            "R3.6", _("%(city)s is under siege: its officers may not move out (R3.6, R10.3).") % {"city": city.name}
        )


def besieged_among(city_ids: set[int]) -> set[int]:
    """The cities among these where an arriving officer may join the defence (R8.4)."""
    return set(Siege.objects.filter(city_id__in=city_ids, status=Siege.Status.ACTIVE).values_list("city_id", flat=True))


def defender_arrive_by_road(officer: Officer, city: City, at: datetime) -> None:
    """A campaign arrival hook: R8.4 for an officer whose move arrives."""
    defender_arrive(officer=officer, city=city, at=at)
