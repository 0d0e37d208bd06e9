"""Two results for the same siege entered at the same moment are both applied, one after the
other, and the wall is right (runs on SQLite and, in CI, on PostgreSQL)."""

import threading

import pytest
from django.db import connections

from battles.models import Game
from battles.services.results import game_result
from battles.services.siege import siege_call, siege_call_answer
from tests.battles.conftest import besiege, ledger_holds
from tests.conftest import make_world


@pytest.mark.django_db(transaction=True)
def test_r6_2_two_results_at_once_are_both_applied(clock):
    world = make_world()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    games = []
    for attacker, defender in (("徐晃", "張飛"), ("許褚", "魏延")):
        game = siege_call(actor=world["徐晃"], army=army, attacker=world[attacker])
        games.append(siege_call_answer(actor=world[defender], game=game, defender=world[defender]))
    judge = world["孫權"].user
    barrier = threading.Barrier(len(games))
    errors: list[BaseException] = []

    def enter(game):
        try:
            barrier.wait()
            game_result(user=judge, game=game, result="attacker")
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=enter, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    city = world.city("漢中")
    assert city.wall == 500 - 10 - 10  # two patrols (張飛 offline acts as 巡守)
    assert ledger_holds(city) and city.ledger.count() == 2
    assert set(Game.objects.values_list("status", flat=True)) == {"decided"}
