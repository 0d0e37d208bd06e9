"""R11.3 from a terminal: a live game played through the same live services, clocks and refusals
as the game's page. Two terminals play a xiangqi game to mate (moves typed in Chinese notation,
WXF and ICCS), the result on the wall; a terminal against the game's websocket (Channels'
WebsocketCommunicator on the real Redis channel layer): each side's move reaches the other; a
refusal is the service's text, word for word; the screen (through pyte) shows the board, both
clocks and whose turn in both languages, the side to move's clock ticking."""

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.utils import translation
from django.utils.translation import gettext as _

from battles.games.xiangqi import game_notation
from battles.models import Game
from battles.services.live_claims import live_claim
from bbs.games.live import LiveScreen
from campaign.errors import RuleViolation
from tests.battles.test_live_socket import live_game, opened, sessions, socket
from tests.battles.test_records import MATE_MOVES, pending_game
from tests.bbs.screen_terminal import Context, Terminal
from tests.worlds import make_world

pytestmark = pytest.mark.django_db(transaction=True)


async def until(check, timeout: float = 10, shown=lambda: "") -> None:
    for _step in range(int(timeout / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"not reached in time: {shown()}")


async def play(terminal: Terminal, move: str) -> None:
    """Enter opens the prompt, the move is typed and sent, an empty Enter goes back to the board
    (Esc does too, once the terminal's escape delay has passed: a key right after it would read
    as Alt and that key)."""
    await terminal.type("enter", move, "enter", "enter")


def test_r11_3_two_terminals_play_a_xiangqi_game_to_mate_through_the_live_service(clock):
    world, game = live_game(clock)
    red_user, black_user = world["許褚"].user, world["魏延"].user
    wxf = game_notation(MATE_MOVES, chinese=False)
    chinese = game_notation(MATE_MOVES)

    async def scenario():
        red_ctx, black_ctx = Context(red_user, "zh-hant"), Context(black_user, "en")
        red_screen = LiveScreen(red_ctx, campaign=world.campaign, game_id=game.pk)
        black_screen = LiveScreen(black_ctx, campaign=world.campaign, game_id=game.pk)
        async with Terminal(red_ctx, red_screen) as red, Terminal(black_ctx, black_screen) as black:
            await red.wait_for("15:00", "紅 許褚")
            for ply, move in enumerate(MATE_MOVES):
                if ply % 2 == 0:
                    await play(red, chinese[ply])  # red in Chinese notation
                else:  # black in WXF and in ICCS, by turns
                    await play(black, wxf[ply] if ply % 4 == 1 else move)
                plies = ply + 1
                await until(
                    lambda: red_screen.game.state["ply"] == black_screen.game.state["ply"] == plies,  # noqa: B023
                    shown=lambda: f"{red_ctx.status_text!r} {black_ctx.status_text!r}\n{red.text()}\n{black.text()}",
                )
            await red.wait_for("攻方勝 · 將死")
            shown = await black.wait_for("attacker won · checkmate")
            assert black_ctx.status_text == red_ctx.status_text == ""  # no move was refused
            assert "red 許褚" in shown and "black 魏延 (you)" in shown

    async_to_sync(scenario)()
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.termination, game.moves) == ("decided", "attacker", "checkmate", MATE_MOVES)
    assert world.city("漢中").wall == 490  # R6.2: the result on the wall


def test_r11_3_a_terminal_and_the_web_socket_play_each_other(clock):
    world, game = live_game(clock)
    red_user = world["許褚"].user
    session = sessions("xuchu", "weiyan")

    async def scenario():
        ctx = Context(red_user, "zh-hant")
        screen = LiveScreen(ctx, campaign=world.campaign, game_id=game.pk)
        web = socket(world, game, session["weiyan"])  # black on the game's page
        await opened(web)
        async with Terminal(ctx, screen) as terminal:
            await terminal.wait_for("15:00")
            await play(terminal, "炮二平五")
            state = json.loads(await web.receive_from(timeout=5))  # the terminal's move reaches the page
            assert state["ply"] == 1 and state["moves_new"][0][1] == "炮二平五"
            await web.send_to(text_data=json.dumps({"action": "move", "move": "馬８進７", "ply": 1}))
            json.loads(await web.receive_from(timeout=5))
            shown = await terminal.wait_for("馬８進７")  # the page's move reaches the terminal, on its board
            assert "車－馬－象－士－將－士－象－＋－車" in shown  # the h9 horse left (black at the top)
            await play(terminal, "a0a5")  # illegal: the chariot through its own soldier
            await until(lambda: ctx.status_text != "")
            red_web = socket(world, game, session["xuchu"])
            await opened(red_web)
            await red_web.send_to(text_data=json.dumps({"action": "move", "move": "a0a5", "ply": 2}))
            refused = json.loads(await red_web.receive_from(timeout=5))
            assert refused["type"] == "refused" and ctx.status_text == refused["message"]  # word for word
            assert "a0a5" in ctx.status_text
            await red_web.disconnect()
        await web.disconnect()

    async_to_sync(scenario)()
    assert Game.objects.get(pk=game.pk).moves == ["h2e2", "h9g7"]


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hant", ("紅 許褚", "黑 魏延", "輪到 許褚（紅）走棋")), ("en", ("red 許褚", "black 魏延", "(red) to move"))],
)
def test_the_live_screen_shows_the_board_both_clocks_and_whose_turn(clock, language, words):
    world, game = live_game(clock)
    user = world["許褚"].user
    with translation.override(language):
        you = _("(you)")

    async def scenario():
        ctx = Context(user, language)
        async with Terminal(ctx, LiveScreen(ctx, campaign=world.campaign, game_id=game.pk)) as terminal:
            shown = await terminal.wait_for(*words, f"{words[0]} {you}")
            lines = shown.splitlines()
            assert (
                "車－馬－象－士－將－士－象－馬－車" in lines[2] and "俥－傌－相－仕－帥－仕－相－傌－俥" in lines[20]
            )
            assert lines[1].endswith("15:00") and words[1] in lines[1]  # black's side, at the top
            assert lines[21].endswith(("15:00", "14:59")) and words[0] in lines[21]  # red's side, at the bottom
            assert terminal.style_at(lines[21][-5:])["reverse"] and not terminal.style_at("15:00")["reverse"]
            shown = await terminal.wait_for("14:58", timeout=4)  # red's clock runs: red is to move
            assert shown.splitlines()[1].endswith("15:00")  # black's stands

    async_to_sync(scenario)()


def test_r11_3_the_keys_ready_offer_accept_and_claim_go_through_the_live_service(clock):
    world = make_world()
    game = pending_game(world, clock)  # both players, neither ready yet
    red_officer = world["許褚"]
    red_user, black_user = red_officer.user, world["魏延"].user

    async def scenario():
        red_ctx, black_ctx = Context(red_user, "zh-hant"), Context(black_user, "en")
        red_screen = LiveScreen(red_ctx, campaign=world.campaign, game_id=game.pk)
        black_screen = LiveScreen(black_ctx, campaign=world.campaign, game_id=game.pk)
        async with Terminal(red_ctx, red_screen) as red, Terminal(black_ctx, black_screen) as black:
            await red.wait_for("等待 許褚、魏延 準備在本站對弈。", "--:--")  # no clock before both are ready
            await red.type("r")
            await black.wait_for("Waiting for 魏延 to be ready")
            await black.type("r")
            await red.wait_for("15:00")  # R7.4: both ready, the clocks start
            await red.type("c")  # nothing to claim: the service's refusal, word for word
            nothing_to_claim = await database_sync_to_async(refusal_of)(live_claim, red_officer, game.pk)
            await until(lambda: red_ctx.status_text == nothing_to_claim, shown=lambda: red_ctx.status_text)
            await play(red, "h2e2")
            await red.wait_for("炮二平五")
            await black.type("d")  # black offers a draw
            await red.wait_for("魏延 提和。")
            await red.type("d")  # red accepts it
            await red.wait_for("和局 · ")  # the result and how it was reached
            await black.wait_for("draw")

    async_to_sync(scenario)()
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.termination) == ("decided", "draw", "agreement")


def test_r11_3_x_then_y_resigns_and_the_opponent_wins(clock):
    world, game = live_game(clock)
    black_user = world["魏延"].user

    async def scenario():
        ctx = Context(black_user, "en")
        async with Terminal(ctx, LiveScreen(ctx, campaign=world.campaign, game_id=game.pk)) as terminal:
            await terminal.wait_for("15:00")
            await terminal.type("x")  # asks first: nothing changes yet
            await asyncio.sleep(0.3)
            assert "(red) to move" in terminal.text() and ctx.status_text != ""
            await terminal.type("y")
            await terminal.wait_for("attacker won · resignation")

    async_to_sync(scenario)()
    assert Game.objects.get(pk=game.pk).result == "attacker"


def refusal_of(service, actor, game_id: int) -> str:
    """What the service itself answers, in the terminal's language."""
    with translation.override("zh-hant"):
        try:
            service(actor=actor, game=Game.objects.get(pk=game_id))
        except RuleViolation as exc:
            return exc.refusal
    raise AssertionError("the service did not refuse")
