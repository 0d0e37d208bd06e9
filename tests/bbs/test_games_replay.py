"""R11.6 in the terminal: a finished game replayed on a text board, move by move, its moves in the
reader's notation (Chinese for zh-hant, WXF for en), the move shown marked, the result and how it
ended; the reader who played black sees the board turned; a Big5 terminal gets a board it can
show. Read through a real prompt_toolkit application into pyte (tests/bbs/terminal.py)."""

import pytest
from asgiref.sync import async_to_sync

from battles.services.records import game_report
from bbs.games.reading import replay_read
from bbs.games.replay import ReplayScreen
from tests.battles.test_records import MATE, MATE_MOVES, pending_game
from tests.bbs.screen_terminal import Context, Terminal
from tests.worlds import make_world

pytestmark = pytest.mark.django_db(transaction=True)
START_RED_ROW = "俥－傌－相－仕－帥－仕－相－傌－俥"


def mated(clock):
    world = make_world()
    game = game_report(actor=world["許褚"], game=pending_game(world, clock), text=MATE)
    return world, game


def test_r11_6_a_finished_game_replays_move_by_move_in_chinese_notation(clock):
    world, game = mated(clock)
    user = world["許褚"].user

    async def scenario():
        ctx = Context(user, "zh-hant")
        async with Terminal(ctx, ReplayScreen(ctx, campaign=world.campaign, game_id=game.pk)) as terminal:
            shown = await terminal.wait_for("攻方勝 · 將死", "紅 許褚", "黑 魏延")  # the result and how it ended
            assert "車一進二" in shown and "炮２平４" in shown  # red's numerals, black's full-width digits
            assert terminal.style_at("炮二平五")["reverse"]  # the last move, shown, is marked
            assert START_RED_ROW not in shown  # red's chariot has moved
            await terminal.type("home")
            shown = await terminal.wait_for(START_RED_ROW)
            assert shown.splitlines()[-2].strip().startswith("九  八  七")  # red's numbers at red's edge
            await terminal.type("right")
            await terminal.wait_for("俥－傌－相－仕－帥－仕－相－傌－＋")  # 車一進二: the chariot left i0
            assert terminal.style_at("車一進二")["reverse"] and not terminal.style_at("炮２平４")["reverse"]
            await terminal.type("end", "left")
            assert terminal.style_at("炮４退４")["reverse"] and not terminal.style_at("炮二平五")["reverse"]

    async_to_sync(scenario)()


def test_r11_6_the_replay_in_english_is_in_wxf_and_black_sees_it_turned(clock):
    world, game = mated(clock)
    user = world["魏延"].user

    async def scenario():
        ctx = Context(user, "en")  # the defender: black, as the attacker moved first
        async with Terminal(ctx, ReplayScreen(ctx, campaign=world.campaign, game_id=game.pk, ply=0)) as terminal:
            shown = await terminal.wait_for("attacker won", "R1+2", "C8=6")
            lines = shown.splitlines()
            assert lines[1].startswith("一  二  三") and START_RED_ROW[::-1] in lines[2]  # red at the top, turned
            await terminal.type("f")  # turned back
            shown = await terminal.wait_for("１  ２  ３")
            assert shown.splitlines()[-3].startswith(START_RED_ROW)

    async_to_sync(scenario)()


def test_a_big5_terminal_gets_a_board_it_can_show(clock):
    """俥 is not in Big5: the Big5 board writes 車 for red's chariot, in red."""
    world, game = mated(clock)
    user = world["許褚"].user

    async def scenario():
        ctx = Context(user, "zh-hant", encoding="big5")
        async with Terminal(ctx, ReplayScreen(ctx, campaign=world.campaign, game_id=game.pk, ply=0)) as terminal:
            shown = await terminal.wait_for("車－傌－相－仕－帥－仕－相－傌－車")
            assert "?" not in shown.splitlines()[21]  # the board's last rank: nothing Big5 could not write
            assert terminal.style_at("車－傌－相")["fg"] != terminal.style_at("車－馬－象")["fg"]  # red and black

    async_to_sync(scenario)()


def test_a_replay_is_read_in_a_fixed_number_of_queries(clock, django_assert_num_queries):
    world, game = mated(clock)
    with django_assert_num_queries(4):  # the reader's officer, the game, its siege's armies, the notation none
        replay = replay_read(campaign=world.campaign, game_id=game.pk, user=world["許褚"].user)
    assert replay.moves == tuple(MATE_MOVES) and len(replay.placements) == len(MATE_MOVES) + 1
