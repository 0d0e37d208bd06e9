"""§10 Capture: the fall of a city, allied sieges, the end of a kingdom, prisoners and ransom."""

from datetime import timedelta

import pytest

from battles.models import Army, Ransom, Siege
from battles.services.march import march_start
from battles.services.prisoners import ransom_settle, retreat_money_confirm, retreat_money_offer
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Kingdom, Move, Officer, Whereabouts
from orders.services.moves import move_order, move_request
from tests.worlds import arrive, besiege, ledger_holds, make_world, play

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


@pytest.fixture
def weak_world(db):
    """Walls of 12 everywhere: one won game against a governor (12 points) brings one to 0."""
    return make_world(capital_wall=12, buffer_wall=12, frontier_wall=12, unanswered_points=0, outnumbered_points=0)


def test_r6_5_r10_1_city_falls_at_zero_to_the_attacker(weak_world, clock):
    world = weak_world
    army = besiege(world, clock, "漢中", ARMY, online=("張飛",))
    play(world, army, "許褚", "張飛", "attacker")
    city = world.city("漢中")
    assert city.kingdom.name == "魏"
    assert (city.wall, city.wall_max) == (6, 12), "half its maximum; the maximum unchanged"
    assert ledger_holds(city)
    assert Siege.objects.get(pk=army.siege_id).status == Siege.Status.FALLEN
    assert city.governor.name == "徐晃", "the marshal acts as governor"
    for name in ("張飛", "魏延"):
        defender = world[name]
        assert defender.whereabouts == Whereabouts.PRISONER and defender.captor.name == "魏"
    for name in ("徐晃", "許褚"):
        assert world[name].whereabouts == Whereabouts.CITY and world[name].city.name == "漢中"
    assert Army.objects.get(pk=army.pk).status == Army.Status.ENDED


def test_r10_1_retreat_money_paid_before_the_fall_spares_the_defender(weak_world, clock):
    world = weak_world
    army = besiege(world, clock, "漢中", ARMY, online=("張飛",))
    offer = retreat_money_offer(actor=world["魏延"], siege=army.siege)
    assert offer.amount == 150
    with pytest.raises(NotAllowed):
        retreat_money_confirm(actor=world["劉備"], ransom=offer)
    retreat_money_confirm(actor=world["曹操"], ransom=offer)
    play(world, army, "許褚", "張飛", "attacker")
    assert world["魏延"].whereabouts == Whereabouts.ROAD
    assert Move.objects.get(officer=world["魏延"]).destination.name == "成都"
    assert world["張飛"].whereabouts == Whereabouts.PRISONER


def test_r10_4_allied_siege_goes_to_the_kingdom_whose_game_took_the_wall_to_0(weak_world, clock):
    world = weak_world
    wei = march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in ARMY])
    wu = march_start(
        actor=world["孫權"],
        target=world.city("漢中"),
        organisation=[(world["甘寧"], "marshal"), (world["張昭"], "general")],
    )  # from 江陵, 4 legs
    wei = arrive(clock, wei)
    wu = arrive(clock, wu, world, online=("張飛",))
    assert wei.siege_id == wu.siege_id
    play(world, wei, "許褚", "魏延", "defender", judge="張飛")
    play(world, wu, "張昭", "魏延", "attacker", judge="張飛", actor="孫權")  # 10 of 12
    play(world, wu, "甘寧", "魏延", "attacker", judge="張飛", actor="孫權")  # the last 2 → 0
    city = world.city("漢中")
    assert city.kingdom.name == "吳" and city.governor.name == "甘寧"
    assert Army.objects.get(pk=wei.pk).status == Army.Status.ENDED
    assert world["徐晃"].whereabouts == Whereabouts.ROAD, "the other kingdom's army goes home"


def test_r10_5_capital_falls_and_the_kingdom_is_destroyed(weak_world, clock):
    world = weak_world
    army = besiege(world, clock, "成都", ARMY)  # 長安–漢中–成都
    play(world, army, "許褚", "劉備", "attacker")  # the king: 12
    shu = Kingdom.objects.get(name="蜀")
    assert shu.status == Kingdom.Status.DESTROYED
    assert set(shu.cities.values_list("name", flat=True)) == set()
    assert set(Kingdom.objects.get(name="魏").cities.values_list("name", flat=True)) >= {"成都", "漢中", "江州", "永安"}
    for name in ("劉備", "關羽", "張飛"):  # in 成都, 江州, 漢中
        officer = world[name]
        assert officer.whereabouts == Whereabouts.PRISONER and officer.captor.name == "魏" and officer.kingdom is None


def test_r10_2_captors_king_confirms_ransom_and_the_prisoner_goes_to_the_capital(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    play(world, army, "許褚", "魏延", "defender")
    ransom = Ransom.objects.get(officer=world["許褚"])
    with pytest.raises(NotAllowed):
        ransom_settle(actor=world["曹操"], ransom=ransom, paid=True)
    ransom_settle(actor=world["劉備"], ransom=ransom, paid=True)
    assert Ransom.objects.get(pk=ransom.pk).status == Ransom.Status.PAID
    assert world["許褚"].whereabouts == Whereabouts.ROAD
    assert Move.objects.get(officer=world["許褚"]).destination.name == "許昌"
    with pytest.raises(RuleViolation):
        ransom_settle(actor=world["劉備"], ransom=ransom, paid=True)


def test_r10_6_prisoners_are_freed_when_their_kingdom_retakes_the_city(weak_world, clock):
    world = weak_world
    army = besiege(world, clock, "漢中", ARMY)
    play(world, army, "許褚", "魏延", "defender")  # 許褚 held in 漢中
    army = Army.objects.get(pk=army.pk)
    play(world, army, "徐晃", "張飛", "attacker")  # patrol 10 → wall 2
    play(world, army, "徐晃", "魏延", "attacker")  # → 0: 魏 takes 漢中, where 許褚 is held
    officer = world["許褚"]
    assert officer.whereabouts == Whereabouts.CITY and officer.city.name == "漢中" and officer.captor is None
    assert Ransom.objects.get(officer=officer).status == Ransom.Status.RELEASED


def test_r3_6_r10_3_officers_of_a_besieged_city_may_not_move_out(world, clock):
    besiege(world, clock, "漢中", ARMY)
    with pytest.raises(RuleViolation) as err:
        move_request(actor=world["魏延"], destination=world.city("成都"))
    assert err.value.clause == "R3.6"
    with pytest.raises(RuleViolation) as err:
        move_order(actor=world["劉備"], officer=world["張飛"], destination=world.city("成都"))
    assert err.value.clause == "R3.6"
    with pytest.raises(RuleViolation) as err:
        march_start(actor=world["劉備"], target=world.city("長安"), organisation=[(world["張飛"], "marshal")])
    assert err.value.clause == "R3.6"
    assert not Move.objects.exists()


def test_r8_4_a_defender_arriving_takes_a_free_place_that_keeps_the_star_order(world, clock):
    from campaign.timers import timers_sweep

    army = besiege(world, clock, "漢中", ARMY)  # roster: 張飛 20★ patrol, 魏延 15★ patrol
    moves = [
        move_order(actor=world["劉備"], officer=world[name], destination=world.city("漢中"))
        for name in ("黃忠", "馬良")
    ]  # 江州 and 永安: both arrive within an hour
    clock.move_to(max(m.arrives_at for m in moves) + timedelta(seconds=1))
    timers_sweep()
    ranks = {d.officer.name: d.rank for d in army.siege.roster.select_related("officer")}
    assert ranks["馬良"] == "constable", "10★ below both patrols keeps the order"
    assert "黃忠" not in ranks, "17★ has no free place above 魏延 15★: a field army, off the roster"
    assert Officer.objects.get(name="黃忠").city.name == "漢中"


def test_r8_4_arrivals_applied_as_one_batch_join_the_defence_as_one_by_one(world, clock):
    """The set-based arrival handler gives the officers, the posts and R8.4's roster
    that applying the same arrivals one at a time gives."""
    from django.db import transaction

    from campaign.models import Timer
    from forum.models import Post
    from orders.services.moves import move_arrive_many

    army = besiege(world, clock, "漢中", ARMY)
    moves = [
        move_order(actor=world["劉備"], officer=world[name], destination=world.city("漢中"))
        for name in ("黃忠", "馬良")
    ]
    clock.move_to(max(m.arrives_at for m in moves) + timedelta(seconds=1))
    with transaction.atomic():
        move_arrive_many(list(Timer.objects.filter(key__in=[f"move:{m.pk}:arrive" for m in moves])))
    ranks = {d.officer.name: d.rank for d in army.siege.roster.select_related("officer")}
    assert ranks["馬良"] == "constable" and "黃忠" not in ranks
    assert {o.city.name for o in Officer.objects.filter(name__in=["黃忠", "馬良"])} == {"漢中"}
    for move in moves:
        assert Post.objects.filter(event_key=f"move:{move.pk}:arrive").count() == 1
        assert Move.objects.get(pk=move.pk).arrived_at == move.arrives_at
