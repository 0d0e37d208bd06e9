"""R11.3 in the terminal, the live game's move prompt as a PTT player expects it,
over real SSH into pyte: `著法：` shows only while the prompt is open, and its line says otherwise
that it is closed and whose move it is; an empty Enter keeps it open and says so, so the move typed
next lands in it; once a move is sent the prompt closes and `q`, `d`, `x` are the game's keys
again; the bottom bar names the keys of the state shown."""

import pytest

from ops.demo import DEMO_PASSWORD
from play.models import Game
from tests.bbs.test_games_list import open_games
from tests.bbs.test_games_live import TURN, open_live, playing, wait_status

pytestmark = pytest.mark.django_db(transaction=True)

CLOSED_MINE = "[著法未開] 輪到你走棋：按 Enter 或 m 開啟著法欄。"
CLOSED_THEIRS = "[著法未開] 對手走棋中：按 Enter 或 m 開啟著法欄。"
BOARD_KEYS = "? 說明  Enter/m 著法  r 準備  d 和棋  n 拒和  c 判和  x 認輸  f 翻轉  q 返回"
TYPING_KEYS = "輸入著法中：Enter 送出  Esc 關閉著法欄（此時 q d x 是字母）"


def prompt_line(terminal) -> str:
    """The line above the status line: the move prompt's."""
    return terminal.screen_text().splitlines()[-2].rstrip()


def test_r11_3_the_move_prompt_shows_whether_it_is_open_and_whose_move_it_is(bbs):
    playing()
    red = open_live(bbs, "xuchu")
    red.wait_for(CLOSED_MINE)
    assert "著法：" not in red.screen_text()  # closed: not drawn
    wait_status(red, BOARD_KEYS)  # the bottom bar names the board's keys
    red.type("enter")
    red.wait_for("著法：")
    wait_status(red, TYPING_KEYS)  # open: the prompt's keys
    assert CLOSED_MINE not in red.screen_text()
    red.type("h2e2", "enter")
    red.wait_for(CLOSED_THEIRS)  # sent: closed again, and the turn passed
    red.wait_for(TURN["zh-hant"][1])
    assert "著法：" not in red.screen_text()


def test_r11_3_an_empty_enter_keeps_the_prompt_open_and_the_next_move_lands_in_it(bbs):
    world, game = playing()
    red = open_live(bbs, "xuchu")
    red.wait_for(TURN["zh-hant"][0])
    red.type("enter")
    red.wait_for("著法：")
    red.type("enter")  # nothing typed: the prompt stays, and says what happened
    wait_status(red, "沒有輸入著法：輸入著法後按 Enter 送出，或按 Esc 關閉著法欄。")
    assert prompt_line(red).startswith("著法：")
    red.type("h2e2", "enter")  # the next move is not lost to the board's keys
    red.wait_for(TURN["zh-hant"][1])
    assert Game.objects.get(pk=game.pk).moves == ["h2e2"]


def test_r11_3_after_a_move_d_x_and_q_are_the_games_keys_not_letters_of_the_prompt(bbs):
    world, game = playing()
    red, black = open_live(bbs, "xuchu"), open_live(bbs, "weiyan")
    red.wait_for(TURN["zh-hant"][0])
    red.type("enter", "h2e2", "enter")
    red.wait_for(TURN["zh-hant"][1])
    red.type("d")  # a draw offered, not a "d" typed into a prompt left open
    black.wait_for("許褚 提和。")
    red.type("x")
    wait_status(red, "要認輸嗎？按 y 認輸，按其他鍵繼續下棋。")
    red.type("n")  # any other key plays on (n: the offer withdrawn too)
    red.type("q")  # back to the games list
    red.wait_for("你的對局")
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.moves) == ("pending", ["h2e2"])


def test_a_spectator_is_told_only_the_players_move(bbs):
    """One who watches sees the prompt's line say so, and Enter opens nothing."""
    playing()
    watcher = open_games(bbs.connect("caocao", DEMO_PASSWORD), "離開")
    watcher.wait_for("對弈中")
    watcher.type("enter")
    watcher.wait_for("[旁觀] 只有對弈雙方在此走棋。")
    wait_status(watcher, "? 說明  f 翻轉棋盤  q/← 返回")
    watcher.type("enter")
    wait_status(watcher, "! 你正在旁觀這盤棋：只有對弈雙方能走棋。")
    assert "著法：" not in watcher.screen_text()
