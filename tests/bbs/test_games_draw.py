"""What the games' screens draw, at any terminal size: a chess replay in SAN on a board of
letters, a live game's panel beside its board; no line wider than the terminal (wcwidth), a
window far below 80×24 drawn cut, not broken; a paste far longer than a move cut to a move's
length. No database: the screens are given what their reads return."""

import time

import pytest
from django.utils import translation

from bbs.context import Context
from games.live_notation import chess_written
from games.pgn import move_pairs
from games.text_board import line_widths, placements, plain
from gamescreens.games.live import MOVE_CHARS, LiveScreen
from gamescreens.games.reading import LiveView, Replay
from gamescreens.games.replay import ReplayScreen

MOVES = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]


def chess_replay() -> Replay:
    return Replay(
        kind="chess",
        moves=tuple(MOVES),
        pairs=move_pairs(list(chess_written(MOVES).sans)),
        placements=tuple(placements("chess", MOVES)),
        players=(("white", "曹操"), ("black", "劉備\x1b[2J")),  # a name with an escape sequence
        heading="being played",
        black_view=False,
    )


@pytest.mark.parametrize(("columns", "rows"), [(80, 22), (120, 40), (20, 3), (40, 10)])
def test_a_chess_replay_is_drawn_in_san_within_the_terminal(columns, rows):
    screen = ReplayScreen(Context(user=None, language="en"), game_id=1)
    screen.replay, screen.ply = chess_replay(), len(MOVES)
    with translation.override("en"):
        drawn = screen.draw(columns, rows)
    assert max(line_widths(drawn)) <= columns and len(line_widths(drawn)) <= rows
    if columns >= 80:
        text = plain(drawn)
        assert "1. e4" in text and "3. Bb5" in text and "\x1b" not in text and "劉備^[[2J" in text
        assert "8  r  .  b  q  k  b  n  r" in text  # the b8 knight went to c6


def live_screen(language: str) -> LiveScreen:
    screen = LiveScreen(Context(user=None, language=language), game_id=1)
    state = {
        "ply": 1,
        "to_move": "defender",
        # the defender's clock runs from the reading: 14:59 for the next second (a loaded machine's draw)
        "clocks": {"attacker": 905_000, "defender": 899_999},
        "status_text": "魏延 (black) to move.",
        "moves": move_pairs(["C2=5"]),
        "claimable": None,
        "you": "defender",
    }
    screen.game.view = LiveView(
        state=state,
        kind="xiangqi",
        placement=placements("xiangqi", ["h2e2"])[-1],
        last="h2e2",
        names={"attacker": "許褚", "defender": "魏延"},
        colours={"attacker": "red", "defender": "black"},
    )
    screen.game.read_at = time.monotonic()  # as just read
    return screen


@pytest.mark.parametrize(("columns", "rows"), [(80, 21), (20, 2), (60, 12)])
def test_a_live_game_is_drawn_within_the_terminal(columns, rows):
    with translation.override("en"):
        drawn = live_screen("en").draw(columns, rows)
    assert max(line_widths(drawn)) <= columns and len(line_widths(drawn)) <= rows
    if columns == 80:
        lines = plain(drawn).splitlines()
        assert lines[0].startswith("一  二  三") and lines[0].endswith("15:05")  # turned for black: red on top
        assert "black 魏延 (you)" in lines[-1] and lines[-1].endswith("14:59")


def test_a_paste_longer_than_a_move_is_cut_to_a_moves_length():
    screen = live_screen("zh-hant")
    screen.buffer.insert_text("炮二平五" * 25_000)
    assert len(screen.buffer.text) == MOVE_CHARS


def change(ply: int, tail: list[list]) -> dict:
    """A group message as the fan-out sends it (`live_states`): the shared state and, per
    language, the last moves written."""
    written = {"status_text": "", "status_label": "", "result": "", "how": "", "tail": tail}
    return {"type": "game.state", "state": {"shared": {"ply": ply, "to_move": "attacker"}, "written": {"en": written}}}


def test_a_change_brings_only_the_new_moves_and_a_gap_reads_the_whole_state_again():
    screen = live_screen("en")
    game = screen.game
    game.written = ["C2=5"]
    taken = game._taken([change(2, [[1, "C2=5"], [2, "H8+7"]])])
    assert taken is not None and taken["ply"] == 2 and taken["you"] == "defender"
    assert taken["moves"] == move_pairs(["C2=5", "H8+7"])
    assert game._taken([change(0, [])]) is game.state  # older than what is shown: nothing changes
    assert game._taken([change(9, [[6, "a"], [7, "b"], [8, "c"], [9, "d"]])]) is None  # moves 2-5 missed
