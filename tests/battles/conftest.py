"""War fixtures: a clock stopped at 10:00 in Taipei (inside the hours of war), and a helper
that marches an army and lets it arrive."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db.models import Sum

from battles.models import Army, Game
from battles.services.march import march_start
from battles.services.results import game_result_enter
from battles.services.siege import siege_call, siege_call_answer
from campaign.timers import timers_sweep
from cities.models import City

START = datetime(2026, 5, 1, 10, 0, tzinfo=ZoneInfo("Asia/Taipei"))


@pytest.fixture
def clock():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


@pytest.fixture
def world(clock, db):
    """The demo world, created at the stopped clock's time (its first midnight is that night)."""
    from tests.conftest import make_world

    return make_world()


def arrive(clock, army: Army, world=None, online: tuple[str, ...] = ()) -> Army:
    """Let the march's travel time pass and the timer apply; `online` were on the site just then."""
    clock.move_to(army.arrives_at + timedelta(seconds=1))
    if online:
        world.online(*online)
    timers_sweep()
    return Army.objects.select_related("siege", "kingdom").get(pk=army.pk)


def besiege(
    world, clock, target: str, organisation: list[tuple[str, str]], actor: str = "曹操", online: tuple[str, ...] = ()
) -> Army:
    army = march_start(
        actor=world[actor], target=world.city(target), organisation=[(world[name], rank) for name, rank in organisation]
    )
    return arrive(clock, army, world, online)


def play(
    world, army: Army, attacker: str, defender: str, result: str, judge: str = "孫權", actor: str = "曹操"
) -> Game:
    """A whole siege game: called, taken up by the defender, result entered by a neutral king."""
    game = siege_call(actor=world[actor], army=army, attacker=world[attacker])
    game = siege_call_answer(actor=world[defender], game=game, defender=world[defender])
    return game_result_enter(user=world[judge].user, game=game, result=result)


def ledger_holds(city: City) -> bool:
    """The ledger proves every change: the wall is its start plus the sum of its rows."""
    city.refresh_from_db()
    return city.wall == city.wall_start + (city.ledger.aggregate(s=Sum("delta"))["s"] or 0)
