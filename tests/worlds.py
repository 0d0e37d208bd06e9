"""The worlds tests play in, built through the services: the demo campaign (魏, 蜀, 吳) with its
officers looked up by name, the hour the war clock stops at, and helpers that march an army, let it
arrive, play a siege game and check the ledger. The fixtures that hand these out are in conftest."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Sum

from battles.models import Army
from battles.services.march import march_start
from battles.services.siege import siege_call, siege_call_answer
from campaign import clock
from campaign.models import Campaign, Officer
from campaign.services.presence import presence_touch
from campaign.timers import timers_sweep
from cities.models import City
from ops.demo import demo_spec
from play.models import Game
from play.services.results import game_result_enter
from seasons.world.creation import world_create

START = datetime(2026, 5, 1, 10, 0, tzinfo=ZoneInfo("Asia/Taipei"))  # inside the hours of war


class World:
    """The demo campaign (魏, 蜀, 吳), with officers looked up by name: world["曹操"]."""

    def __init__(self, campaign: Campaign):
        self.campaign = campaign

    def __getitem__(self, name: str) -> Officer:
        return Officer.objects.select_related("kingdom", "city", "campaign").get(campaign=self.campaign, name=name)

    def city(self, name: str):
        return City.objects.select_related("kingdom", "governor", "board").get(campaign=self.campaign, name=name)

    def online(self, *names: str) -> None:
        for name in names:
            presence_touch(user_id=self[name].user_id, now=clock.now())


def make_world(**overrides) -> World:
    spec = demo_spec()
    spec.update(overrides)
    return World(world_create(spec=spec))


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
