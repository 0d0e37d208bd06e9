"""Two results for the same siege entered at the same moment are both applied, one after the
other, and the wall is right (runs on SQLite and, in CI, on PostgreSQL)."""

from datetime import timedelta
from functools import partial

import pytest

from battles.models import Game
from battles.services.results import game_result_enter
from battles.services.siege import siege_call, siege_call_answer
from tests.battles.conftest import besiege, ledger_holds
from tests.conftest import at_once, make_world


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
def test_r7_5_one_period_from_the_eta_task_the_sweeper_and_a_manual_run_at_once(clock):
    from io import StringIO

    from django.core.management import call_command

    from battles.models import Siege
    from campaign.models import Timer
    from campaign.tasks import apply_timer
    from campaign.timers import timers_sweep
    from cities.models import LedgerEntry

    world = make_world()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    period = Timer.objects.get(key=f"siege:{army.siege_id}:period:0")
    clock.move_to(period.due_at + timedelta(seconds=1))
    assert (
        at_once(lambda: apply_timer.run(period.pk), timers_sweep, lambda: call_command("apply_due", stdout=StringIO()))
        == []
    )
    assert LedgerEntry.objects.filter(key=f"siege:{army.siege_id}:period:0:unanswered").count() == 1
    assert LedgerEntry.objects.filter(clause="R7.3").count() == 1
    assert Timer.objects.get(pk=period.pk).attempts == 1
    assert Siege.objects.get(pk=army.siege_id).city.wall == 494
