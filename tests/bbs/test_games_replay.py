"""R11.6 in the terminal: a finished game replayed on a text board, move by move, its moves in the
reader's notation (Chinese for zh-hant, WXF for en), the move shown marked, the result and how it
ended; the reader who played black sees the board turned; a Big5 terminal gets a board it can
show, in colour. Over real SSH from the BBS's menu (Games, then the game), read through pyte."""

import pytest
from django.contrib.auth.models import User

from bbs.models import TerminalChoice
from gamescreens.games.reading import replay_read
from ops.demo import DEMO_PASSWORD
from tests.bbs.test_games_list import besieging, open_games, siege_game, war_world
from tests.play.test_records import MATE, MATE_MOVES, pending_game, report_confirmed
from tests.worlds import make_world

START_RED_ROW = "俥－傌－相－仕－帥－仕－相－傌－俥"


def mated():
    """漢中's siege game, 許褚 (red) against 魏延 (black), reported: red mates (the wall at 490)."""
    world = war_world()
    game = report_confirmed(world, siege_game(world, besieging(world)), MATE)
    return world, game


def replay(bbs, username: str, *, english: bool = False, encoding: str = "utf-8"):
    """The user's terminal on the replay of the campaign's one decided game."""
    if english or encoding != "utf-8":
        user = User.objects.get(username=username)
        TerminalChoice.objects.create(user=user, language="en" if english else "zh-hant", encoding=encoding)
    terminal = open_games(bbs.connect(username, DEMO_PASSWORD, encoding=encoding), "Leave" if english else "離開")
    terminal.wait_for("attacker won" if english else "攻方勝")
    terminal.type("enter")
    terminal.wait_for("Game replay" if english else "棋局重播")
    terminal.wait_for(f"of {len(MATE_MOVES)}" if english else f"共 {len(MATE_MOVES)} 手")  # read: its keys work
    return terminal


def test_r11_6_a_finished_game_replays_move_by_move_in_chinese_notation(bbs, transactional_db):
    mated()
    terminal = replay(bbs, "xuchu")
    terminal.wait_for("紅 許褚")
    shown = terminal.wait_for("攻方勝 · 將死")  # the result and how it ended
    assert "黑 魏延" in shown and "車一進二" in shown and "炮２平４" in shown  # red's numerals, black's full-width
    assert terminal.style_at("炮二平五")["reverse"]  # the last move, shown, is marked
    assert START_RED_ROW not in shown  # red's chariot has moved
    terminal.type("home")
    shown = terminal.wait_for(START_RED_ROW)
    assert shown.splitlines()[21].startswith("九  八  七")  # red's numbers at red's edge (the board's last line)
    terminal.type("right")
    terminal.wait_for("俥－傌－相－仕－帥－仕－相－傌－＋")  # 車一進二: the chariot left i0
    assert terminal.style_at("車一進二")["reverse"] and not terminal.style_at("炮２平４")["reverse"]
    terminal.type("end", "left")
    terminal.wait_for(f"第 {len(MATE_MOVES) - 1} 手")
    assert terminal.style_at("炮４退４")["reverse"] and not terminal.style_at("炮二平五")["reverse"]
    terminal.type("?")
    terminal.wait_for("翻轉棋盤")
    terminal.type("x", "q")  # the help closed, then back to the list
    terminal.wait_for("攻方勝 · 將死")


def test_r11_6_the_replay_in_english_is_in_wxf_and_black_sees_it_turned(bbs, transactional_db):
    mated()
    terminal = replay(bbs, "weiyan", english=True)  # the defender: black, as the attacker moved first
    terminal.wait_for("R1+2")
    terminal.type("home")
    shown = terminal.wait_for("Move 0 of")
    assert "attacker won" in shown and "C8=6" in shown
    lines = shown.splitlines()
    assert lines[1].startswith("一  二  三") and START_RED_ROW[::-1] in lines[2]  # red at the top, turned
    terminal.type("f")  # turned back
    shown = terminal.wait_for("１  ２  ３")
    assert shown.splitlines()[20].startswith(START_RED_ROW)  # red's back rank at the bottom again


def test_a_big5_terminal_gets_a_board_it_can_show(bbs, transactional_db):
    """俥 is not in Big5: the Big5 board writes 車 for red's chariot, in red."""
    mated()
    terminal = replay(bbs, "xuchu", encoding="big5")
    terminal.type("home")
    shown = terminal.wait_for("車－傌－相－仕－帥－仕－相－傌－車")
    assert "?" not in shown.splitlines()[21]  # the board's last rank: nothing Big5 could not write
    assert terminal.style_at("車－傌－相")["fg"] != terminal.style_at("車－馬－象")["fg"]  # red and black


@pytest.mark.django_db
def test_a_replay_is_read_in_a_fixed_number_of_queries(clock, django_assert_num_queries):
    world = make_world()
    game = report_confirmed(world, pending_game(world, clock), MATE)
    with django_assert_num_queries(4):  # the reader's officer, the game, its siege's armies, the notation none
        replay = replay_read(campaign=world.campaign, game_id=game.pk, user=world["許褚"].user)
    assert replay.moves == tuple(MATE_MOVES) and len(replay.placements) == len(MATE_MOVES) + 1


def test_r11_6_left_at_the_first_move_stays_there(bbs, transactional_db):
    """← at move 0 stays at move 0 (it jumped to the last move); the bottom bar names
    the replay's keys."""
    mated()
    terminal = replay(bbs, "xuchu")
    terminal.type("home")
    terminal.wait_for(START_RED_ROW)
    terminal.wait_for("第 0 手")
    terminal.type("left")
    terminal.type("right")  # one move on from where ← left it: move 1, not the last again
    terminal.wait_for("俥－傌－相－仕－帥－仕－相－傌－＋")  # 車一進二 shown
    assert terminal.style_at("車一進二")["reverse"]
    assert "第 1 手" in terminal.screen_text()
    assert "←→ 一步" in terminal.status_line()
