"""A hero tactics game's socket (tactics/consumers.py) over Channels' WebsocketCommunicator on the
real Redis channel layer: a spectator who follows the game but never sees a side's secret picks, a
non-player's act refused with nothing changed (in the reader's language), a player who reconnects
reading the game again, a stale act refused, an attack previewed and nothing applied, a fast player's
frames answered and a flood closed."""

import json

import pytest
from asgiref.sync import async_to_sync

from campaign.sockets import database_sync_to_async
from tactics.models import TacticsGame
from tactics.selectors import tactics_legal
from tactics.services.challenges import tactics_accept, tactics_challenge
from tactics.services.play import tactics_act
from tactics.services.setup import tactics_pick
from tests.tactics.bots import SIDES_PICKS
from tests.tactics.pages import accounts, next_message, opened, playing, socket

pytestmark = pytest.mark.django_db(transaction=True)


def test_t2_3_a_spectator_follows_the_game_but_never_sees_a_side_s_picks_before_both_are_in():
    liubei, caocao, sunquan = accounts("liubei", "caocao", "sunquan")
    game = tactics_challenge(user=liubei, opponent_name="caocao", settings={})
    tactics_accept(user=caocao, game_id=game.pk)
    watcher, player = socket(game.pk, sunquan), socket(game.pk, liubei)

    async def scenario():
        seen = (await opened(watcher))["view"]
        assert seen["you"] is None and seen["status"] == "picking"
        await opened(player)
        await database_sync_to_async(tactics_pick)(user=liubei, game_id=game.pk, picks={"heroes": SIDES_PICKS["first"]})
        told, own = (await next_message(watcher))["view"], (await next_message(player))["view"]
        assert told["picks"]["first"] == {"submitted": True}  # the spectator: only that they are in
        assert own["picks"]["first"]["heroes"] == SIDES_PICKS["first"]  # the player: their own
        assert "呂布" not in json.dumps(told, ensure_ascii=False)
        await database_sync_to_async(tactics_pick)(
            user=caocao, game_id=game.pk, picks={"heroes": SIDES_PICKS["second"]}
        )
        told = (await next_message(watcher))["view"]
        assert told["picks"]["first"]["heroes"] == SIDES_PICKS["first"]  # both in: both shown
        await watcher.disconnect()
        await player.disconnect()

    async_to_sync(scenario)()


def test_t2_6_the_socket_refuses_a_non_player_s_act_and_changes_nothing():
    liubei, caocao, sunquan = accounts("liubei", "caocao", "sunquan")
    game = playing(liubei, caocao)
    action = tactics_legal(game, liubei)["actions"][0]
    watcher, anonymous = socket(game.pk, sunquan, language="zh-hant"), socket(game.pk)

    async def scenario():
        await opened(watcher)
        await watcher.send_to(text_data=json.dumps({"action": "act", "act": action, "version": game.version}))
        refused = await next_message(watcher)
        assert refused["type"] == "refused" and refused["clause"] == "T2.6" and "只有" in refused["message"]
        await watcher.send_to(text_data=json.dumps({"action": "resign"}))
        assert (await next_message(watcher))["clause"] == "T2.6"
        await watcher.send_to(text_data="{not json")
        assert (await next_message(watcher))["type"] == "refused"
        await watcher.disconnect()
        connected, code = await anonymous.connect()
        assert not connected and code == 4403  # signed-in accounts only

    async_to_sync(scenario)()
    after = TacticsGame.objects.get(pk=game.pk)
    assert (after.version, after.status, after.record["actions"]) == (game.version, "playing", [])


def test_t18_3_a_player_who_reconnects_reads_the_game_again_and_a_stale_act_is_refused():
    liubei, caocao = accounts("liubei", "caocao")
    game = playing(liubei, caocao)
    first, again = socket(game.pk, liubei), socket(game.pk, liubei)

    async def scenario():
        before = await opened(first)
        await first.disconnect()
        action = before["legal"]["actions"][0]
        await database_sync_to_async(tactics_act)(
            user=liubei, game_id=game.pk, action=action, expected_version=game.version
        )
        now = await opened(again)  # the game read again on connecting: the act made while away is there
        assert now["view"]["version"] == game.version + 1 and now["view"]["actions"] == [action]
        legal = now["legal"]
        assert any(a["act"] == "move" for a in legal["actions"])
        assert all((c is None) == (a["act"] != "move") for a, c in zip(legal["actions"], legal["costs"], strict=True))
        stale = {"action": "act", "act": legal["actions"][0], "version": game.version}
        await again.send_to(text_data=json.dumps(stale))
        assert (await next_message(again))["clause"] == "T18.3"
        await again.disconnect()

    async_to_sync(scenario)()
    assert TacticsGame.objects.get(pk=game.pk).version == game.version + 1


def test_t7_3_the_socket_previews_an_attack_and_applies_nothing():
    liubei, caocao = accounts("liubei", "caocao")
    game = playing(liubei, caocao)
    player = socket(game.pk, liubei)

    async def scenario():
        view = await opened(player)
        turn = next(a for a in view["legal"]["actions"] if a["hero"] == "呂布")
        await player.send_to(text_data=json.dumps({"action": "act", "act": turn, "version": view["view"]["version"]}))
        view = await next_message(player)
        far = {"act": "attack", "side": "first", "hero": "呂布", "target": "e9"}
        await player.send_to(text_data=json.dumps({"action": "preview", "act": far}))
        refused = await next_message(player)
        assert refused["type"] == "refused" and refused["clause"] == "T7.2"
        await player.disconnect()
        return view["view"]["version"]

    version = async_to_sync(scenario)()
    assert TacticsGame.objects.get(pk=game.pk).version == version


def test_t7_3_a_player_who_aims_and_acts_as_fast_as_they_can_keeps_the_socket_but_a_flood_closes_it():
    """An attack or a skill is two frames (its preview, then the act): 15 aims with a read after each
    (30 frames within seconds, over the site's 20) are all answered, the socket open; past the
    tactics socket's own limit it closes as every flooded socket does (4008)."""
    from campaign.sockets import CLOSE_FLOOD
    from tactics.consumers import TACTICS_FLOOD_FRAMES

    liubei, caocao = accounts("liubei", "caocao")
    game = playing(liubei, caocao)
    player = socket(game.pk, liubei)
    far = {"act": "attack", "side": "first", "hero": "呂布", "target": "e9"}

    async def scenario():
        await opened(player)
        for _n in range(15):
            await player.send_to(text_data=json.dumps({"action": "preview", "act": far}))
            assert (await next_message(player))["type"] == "refused"  # out of reach: T7.2
            await player.send_to(text_data=json.dumps({"action": "state"}))
            assert (await next_message(player))["type"] == "view"
        for _n in range(TACTICS_FLOOD_FRAMES):
            await player.send_to(text_data=json.dumps({"action": "state"}))
        code = None
        for _n in range(TACTICS_FLOOD_FRAMES):
            output = await player.receive_output(timeout=5)
            if output["type"] == "websocket.close":
                code = output.get("code")
                break
        assert code == CLOSE_FLOOD
        await player.disconnect()

    async_to_sync(scenario)()
