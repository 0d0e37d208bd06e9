"""R11.3 from a terminal: a live game played through the same live services, clocks and refusals
as the game's page, over real SSH from the BBS's menu (Games, then the game). Two terminals play
a xiangqi game to mate (moves typed in Chinese notation, WXF and ICCS), the result on the wall; a
terminal against the game's websocket (Channels' WebsocketCommunicator on the real Redis channel
layer): each side's move reaches the other; a refusal on the status line is the service's text,
word for word; the screen (through pyte) shows the board, both clocks and whose turn in both
languages, the side to move's clock ticking; the keys ready, draw, claim and resign."""

import asyncio
import json
import time

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext as _

from bbs.models import TerminalChoice
from bbs.text import fit, width
from campaign.errors import RuleViolation
from games.xiangqi import game_notation
from ops.demo import DEMO_PASSWORD
from play.models import Game
from play.services.live_claims import live_claim
from tests.bbs.test_games_list import besieging, live, open_games, siege_game, war_world
from tests.live.test_live_socket import opened, sessions, socket
from tests.play.test_records import MATE_MOVES

pytestmark = pytest.mark.django_db(transaction=True)

TURN = {  # whose turn, as the panel says it: red's (the attacker moved first), then black's
    "zh-hant": ("輪到 許褚（紅）走棋。", "輪到 魏延（黑）走棋。"),
    "en": ("許褚 (red) to move.", "魏延 (black) to move."),
}


def playing(*, ready: bool = True):
    """漢中's siege game, 許褚 (red) against 魏延 (black); both ready (the clocks running) when `ready`."""
    world = war_world()
    game = siege_game(world, besieging(world))
    return world, live(world, game) if ready else game


def open_live(bbs, username: str, language: str = "zh-hant"):
    """The user's terminal on the live board of the campaign's one game being played."""
    if language == "en":
        TerminalChoice.objects.create(user=User.objects.get(username=username), language="en")
    terminal = open_games(bbs.connect(username, DEMO_PASSWORD), "Leave" if language == "en" else "離開")
    # the list's own row (the main menu's 戰棋 line says "你的對局與挑戰" too)
    terminal.wait_for("yours," if language == "en" else "你的對局，")
    terminal.type("enter")
    terminal.wait_for("Live game" if language == "en" else "即時對局")
    return terminal


def play(terminal, move: str) -> None:
    """Enter opens the prompt, the move is typed, and Enter sends it and closes the prompt (the
    board's keys are the game's again)."""
    terminal.type("enter", move, "enter")


def wait_status(terminal, text: str, timeout: float = 10) -> None:
    """Until the status line shows `text` (as the frame fits it to the terminal's width)."""
    wanted = fit(text, 80).rstrip()
    deadline = time.monotonic() + timeout
    while terminal.status_line() != wanted:
        if time.monotonic() > deadline:
            raise AssertionError(f"{wanted!r} not on the status line:\n{terminal.screen_text()}")
        time.sleep(0.05)


def test_r11_3_two_terminals_play_a_xiangqi_game_to_mate_through_the_live_service(bbs):
    world, game = playing()
    wxf, chinese = game_notation(MATE_MOVES, chinese=False), game_notation(MATE_MOVES)
    red, black = open_live(bbs, "xuchu"), open_live(bbs, "weiyan", "en")
    red.wait_for("紅 許褚")
    black.wait_for("black 魏延 (you)")
    for ply, move in enumerate(MATE_MOVES):
        if ply % 2 == 0:
            play(red, chinese[ply])  # red in Chinese notation
        else:  # black in WXF and in ICCS, by turns
            play(black, wxf[ply] if ply % 4 == 1 else move)
        if ply + 1 < len(MATE_MOVES):  # the turn passed on both screens
            red.wait_for(TURN["zh-hant"][(ply + 1) % 2])
            black.wait_for(TURN["en"][(ply + 1) % 2])
    red.wait_for("攻方勝 · 將死")
    shown = black.wait_for("attacker won · checkmate")
    assert "red 許褚" in shown and "black 魏延 (you)" in shown
    assert red.status_line().startswith("? 說明") and black.status_line().startswith("? help")  # none refused
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.termination, game.moves) == ("decided", "attacker", "checkmate", MATE_MOVES)
    assert world.city("漢中").wall == 490  # R6.2: the result on the wall
    red.type("q")  # back to the games list, read again: the game is among the decided ones
    # the list's row, read again (the list is drawn from what it last read, then read again; the
    # game's own screen shows the result too, but not after the players' words)
    shown = red.wait_for("許褚對魏延攻方勝·將死")
    assert "對弈中" not in shown


def test_r11_3_a_terminal_and_the_web_socket_play_each_other(bbs):
    world, game = playing()
    session = sessions("xuchu", "weiyan")
    red = open_live(bbs, "xuchu")
    red.wait_for("紅 許褚")

    async def scenario():
        web = socket(world, game, session["weiyan"])  # black on the game's page
        await opened(web)
        await asyncio.to_thread(play, red, "炮二平五")
        state = json.loads(await web.receive_from(timeout=5))  # the terminal's move reaches the page
        assert state["ply"] == 1 and state["moves_new"][0][1] == "炮二平五"
        await web.send_to(text_data=json.dumps({"action": "move", "move": "馬８進７", "ply": 1}))
        json.loads(await web.receive_from(timeout=5))
        shown = await asyncio.to_thread(red.wait_for, "馬８進７")  # the page's move reaches the terminal
        assert "車－馬－象－士－將－士－象－＋－車" in shown  # on its board: the h9 horse left (black at the top)
        await asyncio.to_thread(play, red, "a0a5")  # illegal: the chariot through its own soldier
        red_web = socket(world, game, session["xuchu"])
        await opened(red_web)
        await red_web.send_to(text_data=json.dumps({"action": "move", "move": "a0a5", "ply": 2}))
        refused = json.loads(await red_web.receive_from(timeout=5))
        assert refused["type"] == "refused" and "a0a5" in refused["message"]
        await asyncio.to_thread(wait_status, red, refused["message"])  # word for word
        await red_web.disconnect()
        await web.disconnect()

    # On the server's loop, as a socket and a terminal of one process share it (a channel layer
    # receives on one loop at a time); the terminal's keys from a thread, as a user's come.
    bbs.loop.call(scenario(), timeout=60)
    assert Game.objects.get(pk=game.pk).moves == ["h2e2", "h9g7"]


def clock_seconds(line: str) -> int:
    minutes, seconds = line.rsplit(" ", 1)[-1].split(":")
    return int(minutes) * 60 + int(seconds)


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hant", ("紅 許褚", "黑 魏延", "輪到 許褚（紅）走棋")), ("en", ("red 許褚", "black 魏延", "(red) to move"))],
)
def test_the_live_screen_shows_the_board_both_clocks_and_whose_turn(bbs, language, words):
    playing()
    with translation.override(language):
        you = _("(you)")
    terminal = open_live(bbs, "xuchu", language)
    for word in (*words, f"{words[0]} {you}"):
        shown = terminal.wait_for(word)
    lines = shown.splitlines()
    assert "車－馬－象－士－將－士－象－馬－車" in lines[2] and "俥－傌－相－仕－帥－仕－相－傌－俥" in lines[20]
    assert lines[1].endswith("15:00") and words[1] in lines[1]  # black's side, at the top
    assert words[0] in lines[21] and clock_seconds(lines[21]) < 15 * 60  # red's side, at the bottom: running
    assert terminal.style_at(lines[21][-5:])["reverse"] and not terminal.style_at("15:00")["reverse"]
    assert terminal.style_at("俥")["fg"] != terminal.style_at("車")["fg"]  # red and black in their colours
    running = clock_seconds(lines[21])
    deadline = time.monotonic() + 10  # red's clock runs (a loaded machine may draw a second late, or skip one)
    while clock_seconds((shown := terminal.screen_text()).splitlines()[21]) > running - 2:
        assert time.monotonic() < deadline, shown
        time.sleep(0.1)
    assert shown.splitlines()[1].endswith("15:00")  # black's stands
    terminal.type("?")
    terminal.wait_for("拒絕和棋" if language == "zh-hant" else "decline the draw")
    assert all(width(line) <= 80 for line in terminal.screen_text().splitlines())


def test_a_big5_terminal_plays_on_a_board_it_can_show(bbs):
    """俥 is not in Big5: the live board of a Big5 session writes 車 for red's chariot, in red."""
    playing()
    TerminalChoice.objects.create(user=User.objects.get(username="xuchu"), encoding="big5")
    terminal = open_games(bbs.connect("xuchu", DEMO_PASSWORD, encoding="big5"), "離開")
    terminal.wait_for("你的對局，對弈中")
    terminal.type("enter")
    terminal.wait_for(TURN["zh-hant"][0])
    shown = terminal.wait_for("車－傌－相－仕－帥－仕－相－傌－車")  # red's back rank, at the bottom
    assert "?" not in "".join(shown.splitlines()[1:22]) and "俥" not in shown  # all of it Big5 can write
    assert terminal.style_at("車－傌－相")["fg"] != terminal.style_at("車－馬－象")["fg"]  # red and black
    play(terminal, "炮二平五")
    terminal.wait_for(TURN["zh-hant"][1])  # the move typed in Big5 was read and played
    assert Game.objects.get(game_kind="xiangqi", status="pending").moves == ["h2e2"]


def test_r11_3_the_keys_ready_offer_accept_and_claim_go_through_the_live_service(bbs):
    world, game = playing(ready=False)  # both players, neither ready yet
    red, black = open_live(bbs, "xuchu"), open_live(bbs, "weiyan", "en")
    red.wait_for("等待 許褚、魏延 準備在本站對弈。")
    assert "--:--" in red.screen_text()  # no clock before both are ready
    red.type("r")
    black.wait_for("Waiting for 魏延 to be ready")
    black.type("r")
    red.wait_for(TURN["zh-hant"][0])  # R7.4: both ready, the clocks start
    red.type("c")  # nothing to claim: the service's refusal, word for word
    wait_status(red, refusal_of(live_claim, world["許褚"], game.pk))
    play(red, "h2e2")
    red.wait_for("炮二平五")
    black.type("d")  # black offers a draw
    red.wait_for("魏延 提和。")
    red.type("d")  # red accepts it
    red.wait_for("和局 · ")  # the result and how it was reached
    black.wait_for("draw agreed")
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.termination) == ("decided", "draw", "agreement")


def test_r11_3_x_then_y_resigns_and_the_opponent_wins(bbs):
    world, game = playing()
    terminal = open_live(bbs, "weiyan", "en")
    terminal.wait_for("(red) to move")
    terminal.type("x")  # asks first: nothing changes yet
    wait_status(terminal, "Resign this game? Press y to resign, any other key to play on.")
    time.sleep(0.3)
    assert "(red) to move" in terminal.screen_text() and Game.objects.get(pk=game.pk).status == "pending"
    terminal.type("y")
    terminal.wait_for("attacker won · resignation")
    assert Game.objects.get(pk=game.pk).result == "attacker"


def refusal_of(service, actor, game_id: int) -> str:
    """What the service itself answers, in the terminal's language."""
    with translation.override("zh-hant"):
        try:
            service(actor=actor, game=Game.objects.get(pk=game_id))
        except RuleViolation as exc:
            return exc.refusal
    raise AssertionError("the service did not refuse")
