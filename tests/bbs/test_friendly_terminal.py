"""R11.3 for the game room's friendly games in the terminal, over real SSH read through pyte:
two terminals reach their friendly xiangqi game from the hero tactics list (`g`) and play it to
mate on the live board (moves in Chinese notation, WXF and ICCS), black's player seeing black at
the bottom; the refusals are the friendly services' words (a move out of turn; a spectator's
draw offer), a spectator cannot open the move prompt; a resignation by the keys; and a decided
game replayed from the list."""

import time

import pytest

from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_accept, friendly_challenge
from games.xiangqi import game_notation
from ops.demo import DEMO_PASSWORD
from tests.bbs.tactics_steps import account, open_list, wait_status
from tests.bbs.test_games_list import open_games, war_world
from tests.play.test_records import MATE_MOVES

pytestmark = pytest.mark.django_db(transaction=True)

TURN = {  # whose turn, as the panel says it
    "zh-hant": ("輪到 liubei（紅）走棋。", "輪到 caocao（黑）走棋。"),
    "en": ("liubei (red) to move.", "caocao (black) to move."),
}


def xiangqi_game() -> FriendlyGame:
    """liubei (red, the challenger) against caocao (black), accepted: the clocks running."""
    liubei, caocao = account("liubei", language="zh-hant"), account("caocao")
    game = friendly_challenge(user=liubei, opponent_name="caocao", kind="xiangqi")
    friendly_accept(user=caocao, game_id=game.pk)
    return game


def friendly_list(bbs, name: str, *, english: bool = True):
    """The user's terminal on their friendly games, from the hero tactics list's `g`."""
    terminal = open_list(bbs, name, english=english)
    terminal.type("g")
    terminal.wait_for("xiangqi" if english else "象棋")
    return terminal


def open_game(terminal, *, english: bool = True):
    terminal.type("enter")
    terminal.wait_for("Friendly game" if english else "友誼對局")
    return terminal


def play(terminal, move: str) -> None:
    terminal.type("enter", move, "enter")


def test_r11_3_two_terminals_play_a_friendly_xiangqi_game_to_mate_black_seeing_black_at_the_bottom(bbs):
    game = xiangqi_game()
    wxf, chinese = game_notation(MATE_MOVES, chinese=False), game_notation(MATE_MOVES)
    red = open_game(friendly_list(bbs, "liubei", english=False), english=False)
    black = open_game(friendly_list(bbs, "caocao"))
    red.wait_for("紅 liubei")
    shown = black.wait_for("black caocao (you)")
    lines = shown.splitlines()
    black_rank = next(i for i, line in enumerate(lines) if "將" in line)
    red_rank = next(i for i, line in enumerate(lines) if "帥" in line)
    assert black_rank > red_rank  # black's player sees the board turned, black at the bottom
    assert " r ready" not in black.status_line()  # a friendly game has no ready: its keys in the bar
    for ply, move in enumerate(MATE_MOVES):
        if ply % 2 == 0:
            play(red, chinese[ply])  # red in Chinese notation
        else:  # black in WXF and in ICCS, by turns
            play(black, wxf[ply] if ply % 4 == 1 else move)
        if ply + 1 < len(MATE_MOVES):
            red.wait_for(TURN["zh-hant"][(ply + 1) % 2])
            black.wait_for(TURN["en"][(ply + 1) % 2])
    red.wait_for("先手勝 · 將死")
    black.wait_for("first player won · checkmate")
    assert red.status_line().startswith("? 說明") and black.status_line().startswith("? help")  # none refused
    game.refresh_from_db()
    assert (game.status, game.result, game.termination, game.moves) == ("decided", "first", "checkmate", MATE_MOVES)
    black.type("q")  # back to the list, read again: the game decided; Enter replays it
    black.wait_for("lost (checkmate)")
    black.type("enter")
    black.wait_for(f"Move {len(MATE_MOVES)} of {len(MATE_MOVES)}")
    black.type("home")
    black.wait_for(f"Move 0 of {len(MATE_MOVES)}")


def _until(check, seconds: float = 10):
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)
    return found


def test_r11_3_a_move_out_of_turn_and_a_spectator_s_offer_are_refused_in_the_services_words(bbs):
    game = xiangqi_game()
    account("guanyu")
    black = open_game(friendly_list(bbs, "caocao"))
    black.wait_for(TURN["en"][0])
    play(black, "h7e7")  # red moves first
    wait_status(black, "It is not your turn. (R11.3)")
    spectator = open_list(bbs, "guanyu")
    spectator.type("g")
    spectator.wait_for("No friendly game yet")  # none of his own
    spectator.type("o", str(game.pk), "enter")
    spectator.wait_for("[Watching] Only the players move here.")
    spectator.type("enter")
    wait_status(spectator, "! You are watching this game: only its players move.")
    spectator.type("d")
    wait_status(spectator, "Only the game's two players play it. (R11.3)")
    spectator.type("x", "y")
    wait_status(spectator, "Only the game's two players play it. (R11.3)")
    game.refresh_from_db()
    assert (game.status, game.moves, game.draw_offered_by) == ("playing", [], "")


def _clock_line(terminal, name: str) -> str:
    return next(line for line in terminal.screen_text().splitlines() if name in line)


def test_r11_3_a_draw_offered_declined_by_the_keys_the_clock_running_then_a_resignation(bbs):
    game = xiangqi_game()
    red = open_game(friendly_list(bbs, "liubei", english=False), english=False)
    black = open_game(friendly_list(bbs, "caocao"))
    black.wait_for(TURN["en"][0])
    before = _clock_line(black, "red liubei")
    _until(lambda: _clock_line(black, "red liubei") != before)  # red to move: red's clock runs down
    black.type("d")  # a draw offered: both panels say so
    black.wait_for("caocao offers a draw.")
    red.wait_for("caocao 提和。")
    red.type("n")  # declined
    _until(lambda: "offers a draw" not in black.screen_text())
    black.type("x")
    black.wait_for("Resign this game?")
    black.type("y")
    black.wait_for("first player won · resignation")
    red.wait_for("先手勝 · 認輸")
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("decided", "first", "resignation")


def test_r11_3_a_draw_offered_in_one_terminal_is_accepted_in_the_other(bbs):
    game = xiangqi_game()
    red = open_game(friendly_list(bbs, "liubei", english=False), english=False)
    black = open_game(friendly_list(bbs, "caocao"))
    red.wait_for(TURN["zh-hant"][0])
    red.type("d")
    black.wait_for("liubei offers a draw.")
    black.type("d")  # the opponent's offer accepted
    black.wait_for("draw · draw agreed")
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("decided", "draw", "agreement")


def test_r11_3_the_war_s_games_list_opens_the_reader_s_friendly_games_with_g(bbs):
    world = war_world()  # xuchu and weiyan are officers of the war; their friendly game is not
    game = friendly_challenge(user=world["許褚"].user, opponent_name="weiyan", kind="chess")
    friendly_accept(user=world["魏延"].user, game_id=game.pk)
    terminal = open_games(bbs.connect("xuchu", DEMO_PASSWORD), "離開")
    terminal.wait_for("對局")
    terminal.type("g")
    terminal.wait_for("西洋棋")  # the list of friendly games, in the session's Chinese
    terminal.type("enter")
    terminal.wait_for("友誼對局")
    terminal.wait_for("白 xuchu （你）")  # white, as the challenger chose first
