"""Bad input: the live game's websocket (live/consumers.py) through Channels'
WebsocketCommunicator on the real Redis channel layer. Illegal moves, moves out of turn, after
the end, by someone who is not a player, anything from a spectator, malformed or oversized
frames each get a refusal and change nothing; a flood of frames closes the connection; two
connections of one player stay in step, and a player who reconnects gets the server's state."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing.websocket import WebsocketCommunicator  # (channels.testing imports daphne)
from django.test import Client

from config.asgi import application
from play.models import Game
from play.services.live import live_ready
from tests.worlds import besiege, make_world

pytestmark = pytest.mark.django_db(transaction=True)
ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def live_game(clock):
    world = make_world()
    army = besiege(world, clock, "漢中", ARMY)
    from battles.services.siege import siege_call, siege_call_answer

    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    live_ready(actor=world["許褚"], game=game)
    live_ready(actor=world["魏延"], game=game)
    return world, Game.objects.get(pk=game.pk)


def sessions(*usernames) -> dict[str, str]:
    """A logged-in session for each user (made before the async part: it writes the database)."""
    from django.contrib.auth import get_user_model

    found = {}
    for username in usernames:
        client = Client()
        client.force_login(get_user_model().objects.get(username=username))
        found[username] = client.cookies["sessionid"].value
    return found


def socket(world, game, session=None, language="zh-hant"):
    cookies = [f"django_language={language}"]
    if session is not None:
        cookies.append(f"sessionid={session}")
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", "; ".join(cookies).encode())]
    return WebsocketCommunicator(application, f"/ws/c/{world.campaign.slug}/games/{game.pk}/", headers=headers)


async def opened(communicator):
    connected, _code = await communicator.connect()
    assert connected
    state = json.loads(await communicator.receive_from(timeout=5))
    assert state["type"] == "state"
    return state


async def send(communicator, frame):
    await communicator.send_to(text_data=frame if isinstance(frame, str) else json.dumps(frame))
    return json.loads(await communicator.receive_from(timeout=5))


def test_r11_3_every_refusal_changes_nothing(clock):
    world, game = live_game(clock)
    session = sessions("xuchu", "weiyan", "zhangfei")

    async def scenario():
        red = socket(world, game, session["xuchu"])
        black = socket(world, game, session["weiyan"])
        watcher = socket(world, game)
        stranger = socket(world, game, session["zhangfei"])
        for communicator in (red, black, watcher, stranger):
            state = await opened(communicator)
        assert state["you"] is None and state["live"] and state["to_move"] == "attacker"
        refusals = [
            (black, {"action": "move", "move": "馬８進７", "ply": 0}, "輪"),  # out of turn
            (
                red,
                {"action": "move", "move": "a0a5", "ply": 0},
                "第 1 手「a0a5」不合法",
            ),  # illegal (rook through a pawn)
            (red, {"action": "move", "move": "炮二平五", "ply": 3}, ""),  # a stale number
            (watcher, {"action": "move", "move": "炮二平五", "ply": 0}, "觀戰"),  # a spectator
            (stranger, {"action": "resign"}, "只有對局雙方"),  # an officer, but not a player of this game
            (red, "{not json", ""),  # malformed
            (red, {"action": "castle"}, ""),  # unknown action
            (red, {"action": "move", "move": ["h2e2"], "ply": 0}, ""),  # wrong shapes
            (red, {"action": "move", "move": "h2e2", "ply": True}, ""),
            (red, "x" * 5000, ""),  # oversized
        ]
        for communicator, frame, words in refusals:
            reply = await send(communicator, frame)
            assert reply["type"] == "refused" and words in reply["message"], (frame, reply)
        for communicator in (red, black, watcher, stranger):
            await communicator.disconnect()

    async_to_sync(scenario)()
    game = Game.objects.get(pk=game.pk)
    assert game.moves == [] and game.status == Game.Status.PENDING


def test_a_live_move_reaches_everyone_and_a_reconnecting_player_resumes(clock):
    world, game = live_game(clock)
    session = sessions("xuchu", "weiyan")

    async def scenario():
        red, red_phone = socket(world, game, session["xuchu"]), socket(world, game, session["xuchu"])
        black, watcher = socket(world, game, session["weiyan"], language="en"), socket(world, game)
        for communicator in (red, red_phone, black, watcher):
            await opened(communicator)
        await red.send_to(text_data=json.dumps({"action": "move", "move": "炮二平五", "ply": 0}))
        for communicator in (red, red_phone, black, watcher):  # both tabs of red stay in step
            state = json.loads(await communicator.receive_from(timeout=5))
            assert state["ply"] == 1 and state["to_move"] == "defender"
        # after the whole state on connecting, a watcher is sent only the moves it has not seen
        assert state["moves_from"] == 0 and state["moves_new"] == [[1, "炮二平五"]] and "moves" not in state
        await black.disconnect()
        again = socket(world, game, session["weiyan"], language="en")
        state = await opened(again)  # the server's state, in the reader's notation
        assert state["ply"] == 1 and state["you"] == "defender" and state["moves"][0]["moves"][0][1] == "C2=5"
        assert 0 < state["clocks"]["defender"] <= 15 * 60 * 1000
        reply = await send(again, {"action": "move", "move": "炮二平五", "ply": 0})  # sent twice
        assert reply["type"] == "refused"
        for communicator in (red, red_phone, watcher, again):
            await communicator.disconnect()

    async_to_sync(scenario)()
    assert Game.objects.get(pk=game.pk).moves == ["h2e2"]


def test_a_flood_of_frames_closes_the_connection(clock):
    world, game = live_game(clock)

    async def scenario():
        watcher = socket(world, game)
        await opened(watcher)
        for _n in range(25):
            await watcher.send_to(text_data="{}")
        closed = False
        for _n in range(30):
            output = await watcher.receive_output(timeout=5)
            if output["type"] == "websocket.close":
                closed = output.get("code") == 4008
                break
        assert closed
        await watcher.disconnect()

    async_to_sync(scenario)()


def test_r11_3_after_the_end_moves_are_refused(clock):
    world, game = live_game(clock)
    from play.services.live import live_resign

    live_resign(actor=world["魏延"], game=game)
    session = sessions("xuchu")

    async def scenario():
        red = socket(world, game, session["xuchu"])
        state = await opened(red)
        assert state["status"] == "decided" and state["result"]
        reply = await send(red, {"action": "move", "move": "炮二平五", "ply": 0})
        assert reply["type"] == "refused" and "結束" in reply["message"]
        await red.disconnect()

    async_to_sync(scenario)()


def test_an_idle_watcher_stays_connected_and_still_sees_the_next_move(clock):
    """A spectator who watches a slow game (no frame for longer than redis-py's 5 s default
    read timeout) is not torn down, and gets the next move (channels_redis#422)."""
    import asyncio

    world, game = live_game(clock)
    session = sessions("xuchu")

    async def scenario():
        watcher, red = socket(world, game), socket(world, game, session["xuchu"])
        await opened(watcher)
        await opened(red)
        await asyncio.sleep(7)
        await red.send_to(text_data=json.dumps({"action": "move", "move": "炮二平五", "ply": 0}))
        state = json.loads(await watcher.receive_from(timeout=5))
        assert state["ply"] == 1
        await watcher.disconnect()
        await red.disconnect()

    async_to_sync(scenario)()


def test_live_moves_in_quick_succession_reach_a_watcher_in_order(clock):
    """A move is one short transaction, then a broadcast: six moves sent as fast as
    the players can each arrive at the watcher, in the order played (the states are handed to
    the server's event loop to send, one game's in order)."""
    world, game = live_game(clock)
    session = sessions("xuchu", "weiyan")
    moves = ["炮二平五", "馬８進７", "馬二進三", "車９平８", "車一平二", "馬２進３"]

    async def scenario():
        red, black = socket(world, game, session["xuchu"]), socket(world, game, session["weiyan"])
        watcher = socket(world, game)
        for communicator in (red, black, watcher):
            await opened(communicator)
        for ply, move in enumerate(moves):
            mover = red if ply % 2 == 0 else black
            await mover.send_to(text_data=json.dumps({"action": "move", "move": move, "ply": ply}))
            for communicator in (red, black):  # each player's own copy, before the next move
                while json.loads(await communicator.receive_from(timeout=5))["ply"] != ply + 1:
                    pass
        seen = [json.loads(await watcher.receive_from(timeout=5))["ply"] for _move in moves]
        assert seen == [1, 2, 3, 4, 5, 6]
        for communicator in (red, black, watcher):
            await communicator.disconnect()

    async_to_sync(scenario)()
    assert len(Game.objects.get(pk=game.pk).moves) == 6


def test_the_consumers_keep_their_database_connection_between_frames():
    """The live bench showed it: opening a connection per frame (Channels' own wrapper closes it after
    every call) cost more than a move's queries; the live consumers keep the one they have, and
    drop it only when it saw an error."""
    from django.db import connection

    from campaign.kept_connection import KeptConnection

    def current():
        connection.ensure_connection()
        return connection.connection

    def failing():
        connection.ensure_connection()
        connection.errors_occurred = True  # as Django marks a connection after a database error
        return connection.connection

    async def calls():
        return [await KeptConnection(current)(), await KeptConnection(current)(), await KeptConnection(failing)()]

    first, second, third = async_to_sync(calls)()
    assert first is second
    assert connection.connection is not third  # closed after the error: the next call opens anew


def test_a_socket_to_an_address_the_site_does_not_serve_is_refused_not_a_server_error():
    """Bad input: an address no page uses is refused with 4404 (the server's log gets no
    traceback, the client no 500)."""

    async def scenario():
        for path in ("/ws/nowhere/", "/ws/c//dashboard/", "/ws/c/x/games/not-a-number/"):
            communicator = WebsocketCommunicator(
                application, path, headers=[(b"host", b"localhost"), (b"origin", b"http://localhost")]
            )
            connected, code = await communicator.connect()
            assert not connected and code == 4404, path

    async_to_sync(scenario)()


MOVES = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9"]


def test_watchers_are_sent_only_the_moves_they_have_not_seen(clock):
    """After the whole state on connecting, each change sends a watcher only the moves after
    those it was sent, so that what it is sent does not grow with the game; the page may ask for
    the whole state again (after a gap), as a spectator too."""
    from channels.db import database_sync_to_async

    from play.services.live import live_move

    world, game = live_game(clock)
    players = [world["許褚"], world["魏延"]]

    async def scenario():
        watcher = socket(world, game, language="en")
        await opened(watcher)
        for ply, move in enumerate(MOVES):
            await database_sync_to_async(live_move)(actor=players[ply % 2], game=Game(pk=game.pk), move=move, ply=ply)
            state = json.loads(await watcher.receive_from(timeout=5))
            assert "moves" not in state and state["ply"] == ply + 1
            assert state["moves_from"] == ply and [p for p, _move in state["moves_new"]] == [ply + 1]
        assert state["moves_new"][0][1] == "R1=2"  # in the reader's notation (WXF in English)
        whole = await send(watcher, {"action": "state"})
        assert [m for pair in whole["moves"] for _p, m in pair["moves"]][:2] == ["C2=5", "H8+7"]
        assert whole["ply"] == len(MOVES) and whole["you"] is None
        await watcher.disconnect()

    async_to_sync(scenario)()


def test_a_watcher_who_missed_moves_is_told_to_read_the_whole_state(clock):
    """A change carries the last TAIL moves: a watcher who was sent fewer moves than those
    before it gets None (then the whole state, from the database); an older change than what it
    was sent, nothing; else exactly the moves after its own."""
    from play.selectors.live import TAIL, live_states, watcher_state
    from play.services.live import live_move

    world, game = live_game(clock)
    players = [world["許褚"], world["魏延"]]
    for ply, move in enumerate(MOVES):
        live_move(actor=players[ply % 2], game=Game(pk=game.pk), move=move, ply=ply)
    change = live_states(game_id=game.pk)
    assert len(change["written"]["zh-hant"]["tail"]) == TAIL < len(MOVES)
    assert watcher_state(change, language="zh-hant", side=None, seen=len(MOVES) - TAIL - 1) is None
    assert watcher_state(change, language="zh-hant", side=None, seen=len(MOVES) + 1) == {}
    state = watcher_state(change, language="zh-hant", side="attacker", seen=len(MOVES) - 2)
    assert state is not None and state["you"] == "attacker" and state["moves_from"] == len(MOVES) - 2
    assert state["moves_new"] == change["written"]["zh-hant"]["tail"][-2:] and state["moves_new"][-1][0] == len(MOVES)
