"""A randomised war (hypothesis): long sequences of marches, games, retreats, reinforcements
and ransoms on the demo world. After every step the invariants hold:
R1.5 one whereabouts, §7 bounds, the ledger adds up (R7.5), and no prisoner acts (R10.6)."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from battles.models import Army, ArmyMember, Ransom, Siege
from battles.rules import ATTACK_RANKS, propose_ranks
from battles.services.march import march_start
from battles.services.prisoners import ransom_settle
from battles.services.retreat import army_retreat
from battles.services.siege import siege_call, siege_call_answer
from campaign.errors import RuleViolation
from campaign.models import Kingdom, Move, Officer, Whereabouts
from campaign.rules.personnel import may_fight
from campaign.timers import timers_sweep
from cities.models import City
from orders.services.moves import move_order
from play.models import Game
from play.services.results import game_result_enter
from tests.worlds import make_world

ACTIONS = ["march", "march", "time", "time", "game", "game", "game", "game", "game", "retreat", "reinforce", "ransom"]


def pick(items, n):
    items = list(items)
    return items[n % len(items)] if items else None


def act(world, clock, action: str, n: int, m: int) -> None:
    if action == "time":
        clock.shift(timedelta(minutes=30 + 2 * n))
        timers_sweep()
        return
    kingdom = pick(Kingdom.objects.filter(status=Kingdom.Status.ACTIVE).select_related("king").order_by("pk"), n)
    if kingdom is None or kingdom.king is None:
        return
    king = Officer.objects.select_related("kingdom", "campaign").get(pk=kingdom.king_id)
    if action == "march":
        march_random(kingdom, king, n, m)
    elif action == "game":
        siege_game(n, m)
    elif action == "retreat":
        army = pick(Army.objects.exclude(status=Army.Status.ENDED).order_by("pk"), m)
        if army is not None:
            army_retreat(actor=Officer.objects.get(pk=army.kingdom.king_id), army=army)
            event("retreat")
    elif action == "reinforce":
        siege = pick(Siege.objects.filter(status=Siege.Status.ACTIVE, city__kingdom=kingdom).order_by("pk"), n)
        officer = pick(Officer.objects.filter(kingdom=kingdom, whereabouts=Whereabouts.CITY).order_by("pk"), m)
        if siege and officer:
            move_order(actor=king, officer=officer, destination=siege.city)
    elif action == "ransom":
        ransom = pick(
            Ransom.objects.filter(status=Ransom.Status.OWED, kind=Ransom.Kind.RANSOM, kingdom=kingdom).order_by("pk"), n
        )
        if ransom:
            ransom_settle(actor=king, ransom=ransom, paid=bool(m % 2))


def march_random(kingdom, king, n: int, m: int) -> None:
    """The king marches up to six fighters of one of the kingdom's cities on a city of another."""
    origin = pick(City.objects.filter(kingdom=kingdom).order_by("pk"), m)
    fighters = [
        o
        for o in Officer.objects.filter(whereabouts=Whereabouts.CITY, city=origin, kingdom=kingdom).order_by(
            "-stars", "pk"
        )
        if may_fight(o.kind)
    ][: 1 + m % 6]
    target = pick(City.objects.exclude(kingdom=kingdom).order_by("pk"), n + m)
    if fighters and target:
        march_start(
            actor=king,
            target=target,
            organisation=list(zip(fighters, propose_ranks([o.stars for o in fighters], ATTACK_RANKS))),
        )


def siege_game(n: int, m: int) -> None:
    """A besieging army calls a siege game, a defender takes it up, the site admin enters a result."""
    army = pick(Army.objects.filter(status=Army.Status.BESIEGING).order_by("pk"), n)
    if army is None:
        return
    attacker = pick(army.members.filter(status=ArmyMember.Status.ACTIVE).order_by("position"), m)
    game = siege_call(actor=Officer.objects.get(pk=army.kingdom.king_id), army=army, attacker=attacker.officer)
    defender = pick(
        army.siege.roster.filter(officer__whereabouts=Whereabouts.CITY, officer__city_id=army.siege.city_id).order_by(
            "position"
        ),
        n,
    )
    if defender is None:
        return
    game = siege_call_answer(actor=defender.officer, game=game, defender=defender.officer)
    site_admin = get_user_model().objects.get_or_create(username="site-admin", defaults={"is_superuser": True})[0]
    game = game_result_enter(
        user=site_admin, game=game, result=["attacker", "attacker", "defender", "draw"][(n + m) % 4]
    )
    event(f"game result: {game.result}")


def check_invariants() -> None:
    for city in City.objects.all():
        assert 0 <= city.wall <= city.wall_max
        assert city.wall == city.wall_start + (city.ledger.aggregate(s=Sum("delta"))["s"] or 0), city.name
    for army in Army.objects.all():
        assert army.morale >= 0
        assert army.morale == army.morale_start + (army.ledger.aggregate(s=Sum("delta"))["s"] or 0)
    in_field = ArmyMember.objects.filter(status=ArmyMember.Status.ACTIVE).exclude(army__status=Army.Status.ENDED)
    assert set(in_field.values_list("officer_id", "army_id")) == set(
        Officer.objects.filter(whereabouts=Whereabouts.ARMY).values_list("pk", "army_id")
    ), "R1.5: one whereabouts"
    prisoners = Officer.objects.filter(whereabouts=Whereabouts.PRISONER)
    assert not in_field.filter(officer__in=prisoners).exists(), "R10.6: no prisoner fights"
    assert not Game.objects.filter(status__in=["called", "pending"]).filter(attacker__in=prisoners).exists()
    assert not Move.objects.filter(status=Move.Status.TRAVELLING, officer__in=prisoners).exists()
    for officer in Officer.objects.filter(whereabouts=Whereabouts.ROAD):
        assert Move.objects.filter(officer=officer, status=Move.Status.TRAVELLING).count() == 1, officer.name


@pytest.fixture(params=["demo walls", "weak walls"])
def war_world(request, db):
    """The demo world, and one whose walls are low enough for cities and capitals to fall."""
    if request.param == "demo walls":
        return make_world()
    return make_world(capital_wall=16, buffer_wall=12, frontier_wall=10)


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(ACTIONS), st.integers(0, 50), st.integers(0, 50)), min_size=10, max_size=60
    )
)
def test_r1_5_r7_5_r10_6_invariants_hold_through_a_random_war(war_world, clock, steps):
    world = war_world
    with transaction.atomic():
        for action, n, m in steps:
            try:
                with transaction.atomic():
                    act(world, clock, action, n, m)
                event(f"{action}: done")
                if Siege.objects.filter(status=Siege.Status.FALLEN).exists():
                    event("a city fell")
                if Kingdom.objects.filter(status=Kingdom.Status.DESTROYED).exists():
                    event("a kingdom was destroyed")
            except RuleViolation as refused:
                event(f"{action}: refused {refused.clause}")  # changes nothing: the invariants still hold
            check_invariants()
        transaction.set_rollback(True)  # the next example starts from the same world
