"""§7 The war's clock: the daily change, penalty periods, hours of war, exactly once."""

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine

from battles.models import Army, LedgerEntry
from battles.rules import propose_ranks
from battles.services.clock import day_key
from battles.services.ledger import value_change
from battles.services.march import march_start
from battles.services.siege import siege_call, siege_call_answer
from campaign.errors import RuleViolation
from campaign.models import Officer, Whereabouts
from campaign.timers import timers_sweep
from forum.models import Post
from orders.services.moves import move_order
from tests.worlds import START, besiege, ledger_holds, make_world

TAIPEI = ZoneInfo("Asia/Taipei")
ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def rows(clause, **filters):
    return list(
        LedgerEntry.objects.filter(clause=clause, **filters).order_by("due_at", "id").values_list("due_at", "delta")
    )


def damage(world, name, amount):
    value_change(
        key=f"test:damage:{name}", city=world.city(name), delta=-amount, clause="test", cause="test", due_at=START
    )


def test_r7_1_walls_rise_by_5_at_local_midnight_up_to_the_maximum(world, clock):
    damage(world, "洛陽", 12)  # 288 → 293 → 298 → 300
    clock.move_to(datetime(2026, 5, 1, 23, 59, 59, tzinfo=TAIPEI))
    timers_sweep()
    assert rows("R7.1") == []
    for day in (2, 3, 4, 5):
        clock.move_to(datetime(2026, 5, day, 0, 0, 1, tzinfo=TAIPEI))
        timers_sweep()
        timers_sweep()
    city = world.city("洛陽")
    assert [d for _at, d in rows("R7.1", city=city)] == [5, 5, 2]
    assert [at.astimezone(TAIPEI).hour for at, _d in rows("R7.1", city=city)] == [0, 0, 0]
    assert city.wall == 300 and ledger_holds(city)
    assert LedgerEntry.objects.filter(clause="R7.1").count() == 3, "cities at their maximum are not changed"
    keys = set(LedgerEntry.objects.filter(clause="R7.1").values_list("key", flat=True))
    assert f"{day_key(world.campaign.pk, date(2026, 5, 2))}:city:{city.pk}" in keys


def test_r7_1_besieging_armies_lose_10_morale_a_day_and_retreat_at_0(db, clock):
    world = make_world(starting_morale=15, unanswered_points=0, outnumbered_points=0)
    army = besiege(world, clock, "漢中", ARMY)
    clock.move_to(datetime(2026, 5, 2, 0, 0, 1, tzinfo=TAIPEI))
    timers_sweep()
    army.refresh_from_db()
    assert army.morale == 5 and army.status == Army.Status.BESIEGING
    clock.move_to(datetime(2026, 5, 3, 0, 0, 1, tzinfo=TAIPEI))
    timers_sweep()
    army.refresh_from_db()
    assert army.morale == 0 and army.status == Army.Status.RETREATING, "R8.1: morale 0 forces a retreat"
    assert [d for _at, d in rows("R7.1", army=army)] == [-10, -5]


def test_r7_1_days_change_at_local_midnight_across_daylight_saving(db):
    new_york = ZoneInfo("America/New_York")
    with time_machine.travel(datetime(2026, 3, 6, 12, 0, tzinfo=new_york), tick=False) as clock:
        world = make_world(time_zone="America/New_York")
        damage(world, "洛陽", 40)
        for day in range(7, 12):
            clock.move_to(datetime(2026, 3, day, 0, 0, 1, tzinfo=new_york))
            timers_sweep()
    due = [at.astimezone(new_york) for at, _d in rows("R7.1", city=world.city("洛陽"))]
    assert [(d.day, d.hour, d.minute) for d in due] == [(7, 0, 0), (8, 0, 0), (9, 0, 0), (10, 0, 0), (11, 0, 0)]
    utc = ZoneInfo("UTC")
    assert due[2].astimezone(utc) - due[1].astimezone(utc) == timedelta(hours=23), "8 March is an hour short"


def test_r7_2_one_defender_holds_three_attackers_and_loses_6_for_each_beyond(db, clock):
    world = make_world(unanswered_points=0)
    # 濡須 is held by 呂蒙 alone. 合肥's two arrive first (20 min), 許昌's three later (40 min).
    march_start(
        actor=world["曹操"],
        target=world.city("濡須"),
        organisation=[(world["張遼"], "marshal"), (world["陳群"], "general")],
    )
    march_start(
        actor=world["曹操"],
        target=world.city("濡須"),
        organisation=[(world["曹操"], "marshal"), (world["夏侯惇"], "general"), (world["荀彧"], "general")],
    )
    clock.move_to(START + timedelta(minutes=20, seconds=1))
    timers_sweep()
    clock.move_to(START + timedelta(minutes=40, seconds=1))
    timers_sweep()
    city = world.city("濡須")
    assert rows("R7.2", city=city) == [], "1 defender against 2, then 5: nothing yet"
    clock.move_to(START + timedelta(minutes=81))
    timers_sweep()
    first_end = START + timedelta(minutes=50)  # the siege began at the first arrival
    assert rows("R7.2", city=city) == [(first_end, -12), (first_end + timedelta(minutes=30), -12)], (
        "5 attackers against 1: 2 beyond three times one, 12 points a period"
    )
    assert ledger_holds(city)


def fresh_generals(world, n: int, city: str) -> list[Officer]:
    from django.contrib.auth import get_user_model

    return [
        Officer.objects.create(
            campaign=world.campaign,
            user=get_user_model().objects.create_user(username=f"soldier{i}"),
            kingdom=world["曹操"].kingdom,
            name=f"兵{i}",
            stars=8 - i,
            kind="general",
            whereabouts=Whereabouts.CITY,
            city=world.city(city),
        )
        for i in range(n)
    ]


def test_r7_2_worked_example_2_defenders_against_8_then_a_third_arrives(db, clock):
    world = make_world(unanswered_points=0)
    members = [world["徐晃"], world["許褚"], *fresh_generals(world, 6, "長安")]
    members.sort(key=lambda o: -o.stars)
    army = march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=list(zip(members, propose_ranks([o.stars for o in members]))),
    )
    move_order(actor=world["劉備"], officer=world["馬良"], destination=world.city("漢中"))  # 永安: 60 min
    clock.move_to(START + timedelta(minutes=20, seconds=1))
    timers_sweep()
    clock.move_to(START + timedelta(minutes=111))
    timers_sweep()
    city = world.city("漢中")
    siege_start = Army.objects.get(pk=army.pk).besieging_from
    assert rows("R7.2", city=city) == [(siege_start + timedelta(minutes=30), -12)], (
        "2 defenders against 8: 12; from the third defender's arrival (60 min): nothing"
    )


def test_r7_3_unanswered_siege_loses_6_every_30_minutes_and_the_call_is_posted(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    start = army.siege.started_at
    clock.move_to(start + timedelta(minutes=95))
    timers_sweep()
    city = world.city("漢中")
    assert rows("R7.3", city=city) == [(start + timedelta(minutes=30 * k), -6) for k in (1, 2, 3)]
    assert (
        Post.objects.filter(thread__board=city.board, event_key__startswith=f"siege:{army.siege_id}:call:").count() == 4
    ), "the first call at the siege's start, then one at the end of each period"


def test_r7_3_every_period_charged_had_a_call_posted_from_its_start(world, clock):
    """A defender always had a posted call to answer during the whole period that is charged:
    the first call is posted when the siege begins, each next one when a period ends."""
    army = besiege(world, clock, "漢中", ARMY)
    start = army.siege.started_at
    clock.move_to(start + timedelta(minutes=65))
    timers_sweep()
    city = world.city("漢中")
    calls = dict(
        Post.objects.filter(thread__board=city.board, event_key__startswith=f"siege:{army.siege_id}:call:").values_list(
            "event_key", "created_at"
        )
    )
    charged = [at for at, _delta in rows("R7.3", city=city)]
    assert len(charged) == 2
    for k, end in enumerate(charged):
        assert calls[f"siege:{army.siege_id}:call:{k}"] <= end - timedelta(minutes=30), f"period {k} had no call"


def test_r7_3_a_call_answered_within_its_period_costs_nothing(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    start = army.siege.started_at
    clock.move_to(start + timedelta(minutes=40))
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    clock.move_to(start + timedelta(minutes=91))
    timers_sweep()
    city = world.city("漢中")
    assert rows("R7.3", city=city) == [(start + timedelta(minutes=30), -6), (start + timedelta(minutes=90), -6)]


def test_r7_4_penalties_accrue_only_inside_the_hours_of_war(world, clock):
    clock.move_to(datetime(2026, 5, 1, 23, 30, tzinfo=TAIPEI))
    besiege(world, clock, "漢中", ARMY)  # arrives 23:50
    clock.move_to(datetime(2026, 5, 2, 9, 19, tzinfo=TAIPEI))
    timers_sweep()
    assert rows("R7.3") == []
    clock.move_to(datetime(2026, 5, 2, 9, 21, tzinfo=TAIPEI))
    timers_sweep()
    assert [at.astimezone(TAIPEI).strftime("%d %H:%M:%S") for at, _d in rows("R7.3")] == ["02 09:20:00"]


def test_r7_4_a_game_outside_the_hours_needs_both_sides_agreement(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    clock.move_to(datetime(2026, 5, 2, 2, 0, tzinfo=TAIPEI))
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    with pytest.raises(RuleViolation) as err:
        siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"], off_hours=True)
    assert err.value.clause == "R7.4"
    game.delete()
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"], off_hours=True)
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"], off_hours=True)
    assert game.attacker_agrees_off_hours and game.defender_agrees_off_hours


def test_r7_5_an_outage_is_caught_up_once_in_due_order_stamped_with_due_times(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    start = army.siege.started_at
    clock.move_to(start + timedelta(hours=5, minutes=1))  # nobody swept for five hours
    assert timers_sweep() >= 10
    assert timers_sweep() == 0
    city = world.city("漢中")
    due = [at for at, _d in rows("R7.3", city=city)]
    assert due == [start + timedelta(minutes=30 * k) for k in range(1, 11)]
    caught_up = start + timedelta(hours=5, minutes=1)
    assert set(LedgerEntry.objects.filter(clause="R7.3").values_list("applied_at", flat=True)) == {caught_up}
    assert city.wall == 500 - 60 and ledger_holds(city)
    keys = list(LedgerEntry.objects.values_list("key", flat=True))
    assert len(keys) == len(set(keys))
