"""Races (runs on SQLite and, in CI, on PostgreSQL): two results for the same siege entered at
the same moment are both applied, one after the other, and the wall is right; a due timer that
every applying path reaches at the same moment is applied exactly once; a retreat about to commit
while the worker applies its siege's period: both go through, one after the other."""

import threading
import time
from datetime import timedelta
from functools import partial
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection, connections, transaction

from battles.models import Army, LedgerEntry, Pursuit, Siege
from battles.services.retreat import army_retreat
from battles.services.siege import siege_call, siege_call_answer
from campaign.models import Timer
from campaign.tasks import apply_due
from campaign.timers import timers_sweep
from forum.models import Post
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


def _blocked(thread: threading.Thread) -> bool:
    """`thread` waits on a lock another transaction holds: on PostgreSQL a backend of the test
    database waits on a lock (pg_stat_activity); on SQLite the thread is still at its write
    transaction's start a second later (its one writer is taken)."""
    if connection.vendor != "postgresql":
        thread.join(timeout=1)
        return thread.is_alive()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return True
        time.sleep(0.05)
    return False


@pytest.mark.django_db(transaction=True)
def test_r7_5_a_retreat_committing_while_the_worker_applies_its_sieges_period_both_go_through(clock):
    """R7.3, R7.5 (CI's deadlock on PostgreSQL): the retreat has posted in the siege's thread and
    not yet committed when the worker applies the siege's due period, which posts its call in the
    same thread. Before, the worker's claim locked the campaign's row FOR UPDATE (its join) and
    the city FOR UPDATE, then waited on the thread; the retreat's commit waited on those rows
    (its new rows' foreign keys): deadlock, one of the two undone. Now they meet at the city (the
    war's locks in one order: docs/architecture.md) and go through one after the other."""
    world = make_world()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    period = Timer.objects.get(key=f"siege:{army.siege_id}:period:0")
    clock.move_to(period.due_at + timedelta(seconds=1))
    posted, may_commit = threading.Event(), threading.Event()
    raised: list[BaseException] = []

    def retreat() -> None:
        try:
            with transaction.atomic():  # the request's transaction, committed when the worker waits
                army_retreat(actor=world["曹操"], army=army)
                posted.set()
                may_commit.wait(timeout=30)
        except BaseException as exc:  # noqa: BLE001 - asserted below
            raised.append(exc)
        finally:
            posted.set()
            connections.close_all()

    def worker() -> None:
        try:
            apply_due.run(period.due_at.isoformat())  # the body of the task the period's tick wakes
        except BaseException as exc:  # noqa: BLE001 - asserted below
            raised.append(exc)
        finally:
            connections.close_all()

    retreating, applying = threading.Thread(target=retreat), threading.Thread(target=worker)
    retreating.start()
    assert posted.wait(timeout=30)
    applying.start()
    assert _blocked(applying), "the worker waits for the retreat's transaction"
    may_commit.set()
    retreating.join(timeout=60)
    applying.join(timeout=60)
    assert raised == []
    assert Army.objects.get(pk=army.pk).status == Army.Status.RETREATING
    assert Pursuit.objects.filter(army=army).count() == 1
    assert Siege.objects.get(pk=army.siege_id).status == Siege.Status.LIFTED
    assert Timer.objects.get(pk=period.pk).status == Timer.Status.DONE
    assert LedgerEntry.objects.filter(key=f"siege:{army.siege_id}:period:0:unanswered").count() == 1
    city = world.city("漢中")
    assert city.wall == 494 and ledger_holds(city)
    lifted_after = f"siege:{army.siege_id}:call:1"  # the period read the siege as the retreat left it
    assert not Post.objects.filter(event_key=lifted_after).exists(), "no call posted after the siege was lifted"
    assert not Timer.objects.filter(key=f"siege:{army.siege_id}:period:1").exists()
