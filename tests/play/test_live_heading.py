"""A live game that ends while its page is open — resignation, an agreed draw, a flag
(here the first move never made), a retreat that cancels it, a result the judge enters — sends
every watcher a state whose words say so, in the watcher's language: the status the page's
heading shows (not "being played"), the result and how it came. The page
(campaign/static/live.js) writes them into its heading."""

import json
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from battles.services.retreat import army_retreat
from campaign.timers import timers_sweep
from tests.live.test_live_socket import live_game, opened, sessions, socket

pytestmark = pytest.mark.django_db(transaction=True)


async def _resign(world, clock, game, red, black):
    await red.send_to(text_data=json.dumps({"action": "resign"}))


async def _draw(world, clock, game, red, black):
    await red.send_to(text_data=json.dumps({"action": "draw"}))
    await black.send_to(text_data=json.dumps({"action": "draw"}))


async def _flag(world, clock, game, red, black):
    clock.shift(timedelta(minutes=11))  # red never made its first move: forfeited (abandoned)
    await database_sync_to_async(timers_sweep)()


async def _retreat(world, clock, game, red, black):
    await database_sync_to_async(lambda: army_retreat(actor=world["徐晃"], army=game.army))()


async def _judge(world, clock, game, red, black):
    """R11.3's authority enters the result of a game being played here (a neutral king)."""
    from play.models import Game
    from play.services.results import game_result_enter

    await database_sync_to_async(
        lambda: game_result_enter(user=world["孫權"].user, game=Game.objects.get(pk=game.pk), result="draw")
    )()


ENDINGS = {
    "resignation": (_resign, "decided", "已分勝負", "defender won"),
    "draw": (_draw, "decided", "已分勝負", "draw"),
    "flag": (_flag, "decided", "已分勝負", "defender won"),
    "retreat": (_retreat, "cancelled", "已撤回", ""),
    "result entered": (_judge, "decided", "已分勝負", "draw"),
}


async def final_state(communicator) -> dict:
    """The states sent until the one that is no longer "pending"."""
    while True:
        state = json.loads(await communicator.receive_from(timeout=5))
        if state.get("type") == "state" and state["status"] != "pending":
            return state


@pytest.mark.parametrize("ending", sorted(ENDINGS))
def test_the_live_state_tells_the_heading_that_the_game_ended(clock, ending):
    end, status, label_zh, result_en = ENDINGS[ending]
    world, game = live_game(clock)
    session = sessions("xuchu", "weiyan")

    async def scenario():
        red, black = socket(world, game, session["xuchu"]), socket(world, game, session["weiyan"])
        watcher_zh, watcher_en = socket(world, game), socket(world, game, language="en")
        for communicator in (red, black, watcher_zh, watcher_en):
            state = await opened(communicator)
        assert state["status_label"] == "being played"
        await end(world, clock, game, red, black)
        zh, en = await final_state(watcher_zh), await final_state(watcher_en)
        for communicator in (red, black, watcher_zh, watcher_en):
            await communicator.disconnect()
        return zh, en

    zh, en = async_to_sync(scenario)()
    assert zh["status"] == en["status"] == status
    assert zh["status_label"] == label_zh and en["status_label"] == status
    assert en["result"] == result_en and bool(zh["result"]) == bool(result_en)
    assert en["status_text"] and "to move" not in en["status_text"]
