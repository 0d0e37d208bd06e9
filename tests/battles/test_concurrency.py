"""Races (runs on SQLite and, in CI, on PostgreSQL): two results for the same siege entered at
the same moment are both applied, one after the other, and the wall is right; a due timer that
every applying path reaches at the same moment is applied exactly once."""

from datetime import timedelta
from functools import partial
from io import StringIO

import pytest
from django.core.management import call_command

from battles.models import LedgerEntry, Siege
from battles.services.siege import siege_call, siege_call_answer
from campaign.models import Timer
from campaign.tasks import apply_due
from campaign.timers import timers_sweep
from play.models import Game
from play.services.results import game_result_enter
from tests.races import at_once
from tests.worlds import besiege, ledger_holds, make_world


@pytest.mark.django_db(transaction=True)
def test_r6_2_two_results_at_once_are_both_applied(clock):
    world = make_world()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    games = []
    for attacker, defender in (("徐晃", "張飛"), ("許褚", "魏延")):
        game = siege_call(actor=world["徐晃"], army=army, attacker=world[attacker])
        games.append(siege_call_answer(actor=world[defender], game=game, defender=world[defender]))
    judge = world["孫權"].user
    assert at_once(*(partial(game_result_enter, user=judge, game=g, result="attacker") for g in games)) == []
    city = world.city("漢中")
    assert city.wall == 500 - 10 - 10  # two patrols (張飛 offline acts as 巡守)
    assert ledger_holds(city) and city.ledger.count() == 2
    assert set(Game.objects.values_list("status", flat=True)) == {"decided"}


@pytest.mark.django_db(transaction=True)
def test_r7_5_a_period_is_applied_once_by_the_on_time_task_the_sweeper_and_a_manual_run_at_once(clock):
    """The three paths that apply a due timer, racing: the task the on-time message wakes
    (apply_due, for the period's tick), the sweeper, and an operator's `manage.py apply_due`."""
    world = make_world()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    period = Timer.objects.get(key=f"siege:{army.siege_id}:period:0")
    clock.move_to(period.due_at + timedelta(seconds=1))
    on_time = partial(apply_due.run, period.due_at.isoformat())
    manual = partial(call_command, "apply_due", stdout=StringIO())
    assert at_once(on_time, timers_sweep, manual) == []
    assert LedgerEntry.objects.filter(key=f"siege:{army.siege_id}:period:0:unanswered").count() == 1
    assert LedgerEntry.objects.filter(clause="R7.3").count() == 1
    assert Timer.objects.get(pk=period.pk).attempts == 1
    assert Siege.objects.get(pk=army.siege_id).city.wall == 494
