"""Marching to war (RULES.md §4): the march post, the road, the arrival that begins a siege."""

from django.db import transaction
from django.utils.translation import gettext as _

from battles import announcements as texts
from battles.models import Army, ArmyMember, Siege
from battles.models.armies import AttackRank
from battles.rules import ATTACK_RANKS, check_organisation
from battles.services.common import announcement_post, army_topic
from battles.timer_kinds import ARMY_ARRIVAL
from campaign import clock
from campaign.authority import is_king, require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Move, Officer, Whereabouts
from campaign.rules.personnel import may_fight, only_king_orders, travel_time
from campaign.services.notices import notices_send
from campaign.timers import timer_schedule
from cities.models import City
from cities.selectors import road_route


def _violation_message(code: str, rank: str) -> str:
    label = AttackRank(rank).label if rank in AttackRank.values else rank
    return {
        "marshal_count": _("An army has exactly one marshal."),
        "places": _("Too many members hold the rank %(rank)s.") % {"rank": label},
        "marshal_not_top": _("The marshal must be the member with the most stars."),
        "order": _("No member may hold a higher rank than a member with more stars."),
        "unknown": _("Unknown rank."),
    }[code]


def army_check(organisation: list[tuple[Officer, str]]) -> None:
    violations = check_organisation([(o.stars, rank) for o, rank in organisation], ATTACK_RANKS)
    if violations:
        v = violations[0]
        raise RuleViolation(v.clause, _violation_message(v.code, v.rank))


@transaction.atomic
def march_start(*, actor: Officer, target: City, organisation: list[tuple[Officer, str]]) -> Army:
    """R4.1–R4.5: an army of one kingdom leaves one city for an enemy city, its organisation
    posted on the target's board; it arrives after the route's travel time with morale 100."""
    require_war_running(actor.campaign)
    organisation = _locked_members(organisation)
    first = organisation[0][0]
    kingdom, origin, campaign = first.kingdom, first.city, first.campaign
    _check_members(organisation)
    _check_authority(actor, organisation)
    assert origin is not None  # _check_members: the members are all in one city
    if Siege.objects.filter(city=origin, status=Siege.Status.ACTIVE).exists():
        raise RuleViolation(
            "R3.6", _("%(city)s is under siege: its officers may not march out (R3.6, R10.3).") % {"city": origin.name}
        )
    # Officers left unaffiliated by their kingdom's fall (R10.5) march for no kingdom.
    if kingdom is None or target.campaign_id != first.campaign_id or target.kingdom_id == kingdom.pk:
        raise RuleViolation("R4.1", _("An army attacks a city of another kingdom."))
    army_check(organisation)
    found = road_route(campaign_id=first.campaign_id, origin_id=origin.pk, goal_id=target.pk)  # as the form previews it
    if found is None:
        raise RuleViolation("R1.4", _("No road leads from %(a)s to %(b)s.") % {"a": origin.name, "b": target.name})
    route = found.cities
    now = clock.now()
    army = Army.objects.create(
        campaign=campaign,
        kingdom=kingdom,
        origin=origin,
        target=target,
        route=route,
        morale=campaign.starting_morale,
        morale_start=campaign.starting_morale,
        ordered_by=actor,
        departs_at=now,
        arrives_at=now + travel_time(len(route) - 1, campaign.travel_time),
    )
    ArmyMember.objects.bulk_create(
        [
            ArmyMember(army=army, officer=officer, rank=rank, position=i)
            for i, (officer, rank) in enumerate(organisation)
        ]
    )
    Officer.objects.filter(pk__in=[o.pk for o, _r in organisation]).update(
        whereabouts=Whereabouts.ARMY, army=army, city=None
    )
    _post_march(army, organisation)
    march_notices_send(army)
    timer_schedule(
        campaign=campaign, key=f"army:{army.pk}:arrive", kind=ARMY_ARRIVAL, object_id=army.pk, due_at=army.arrives_at
    )
    return army


def march_notices_send(army: Army) -> None:
    """R4.6: a march on a city is a duty of those who may meet it: its governor and king, who
    order a sortie, and its defenders present (of its kingdom, in the city, who may fight), who may
    be sent out (battles/selectors/duties.py lists it for the same officers until the army
    arrives or is met)."""
    city = City.objects.select_related("kingdom").get(pk=army.target_id)
    assert city.kingdom is not None  # R4.1: the target is a city of another kingdom
    present = Officer.objects.filter(whereabouts=Whereabouts.CITY, city=city, kingdom=city.kingdom)
    defenders = [pk for pk, kind in present.values_list("pk", "kind") if may_fight(kind)]
    king = city.kingdom.king_id
    notices_send(
        campaign_id=army.campaign_id, officer_ids=[*defenders, city.governor_id, king], key=f"army:{army.pk}:march"
    )


def _locked_members(organisation: list[tuple[Officer, str]]) -> list[tuple[Officer, str]]:
    """The members named, each once, locked (in id order) and read afresh."""
    if not organisation:
        raise RuleViolation("R4.1", _("An army needs at least one member."))
    ids = [o.pk for o, _r in organisation]
    if len(set(ids)) != len(ids):
        raise RuleViolation("R4.1", _("Each officer can be named once."))
    locked = {
        o.pk: o
        for o in Officer.objects.select_for_update(no_key=True, of=("self",))
        .select_related("city", "kingdom", "campaign")
        .filter(pk__in=ids)
        .order_by("pk")
    }
    return [(locked[o.pk], rank) for o, rank in organisation]


def _check_members(organisation: list[tuple[Officer, str]]) -> None:
    """R4.1: all of one kingdom, in one city, free to go; R1.6: all may fight."""
    first = organisation[0][0]
    for officer, _rank in organisation:
        if (
            officer.whereabouts != Whereabouts.CITY
            or officer.kingdom_id != first.kingdom_id
            or officer.city_id != first.city_id
        ):
            raise RuleViolation(
                "R4.1",
                _(
                    "%(name)s is not in %(city)s with the others: an army's members are all of "
                    "one kingdom and in one city."
                )
                % {"name": officer.name, "city": first.city.name if first.city else "—"},
            )
        if not may_fight(officer.kind):
            raise RuleViolation(
                "R1.6",
                _("%(name)s is a %(kind)s and may not fight.")
                % {"name": officer.name, "kind": officer.get_kind_display()},
            )
        if officer.moves.filter(status__in=[Move.Status.REQUESTED, Move.Status.TRAVELLING]).exists():
            raise RuleViolation("R3.5", _("%(name)s already has a move under way.") % {"name": officer.name})


def _check_authority(actor: Officer, organisation: list[tuple[Officer, str]]) -> None:
    """R4.4: the king for any army; the governor of the city left for armies of 20★ or fewer."""
    first = organisation[0][0]
    if is_king(actor, first.kingdom):
        return
    origin = first.city
    assert origin is not None  # _check_members, run before: the members are all in one city
    if origin.governor_id != actor.pk or actor.whereabouts != Whereabouts.CITY:
        raise NotAllowed(
            "R4.4", _("Only the king, or the governor of %(city)s, may order this march.") % {"city": origin.name}
        )
    high = [o for o, _r in organisation if only_king_orders(o.stars, o.campaign.king_orders_from_stars)]
    if high:
        raise NotAllowed(
            "R4.4", _("%(name)s has more than 20 stars: only the king may order this march.") % {"name": high[0].name}
        )


def _post_march(army: Army, organisation: list[tuple[Officer, str]]) -> None:
    announcement_post(
        army.target.board,
        f"army:{army.pk}:march",
        army.departs_at,
        *texts.march(army, organisation),
        topic=army_topic(army),
    )
