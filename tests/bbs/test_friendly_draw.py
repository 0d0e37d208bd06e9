"""R11.7 in the terminal: a friendly dark chess game drawn on the war's live board at any size,
its face-down pieces as ？, never turned, the first flip's colours beside the players, and once
decided replayed with its whole deal shown; no line wider than the terminal (wcwidth), in UTF-8
and in Big5. No database: the screens are given what their reads return."""

import random
import time

import pytest
from django.utils import translation

from bbs.context import Context
from games.banqi import board_rows, deal, replay
from games.pgn import move_pairs
from games.text_board import line_widths, plain
from gamescreens.friendly.live import FriendlyLiveScreen, FriendlyReplayScreen
from gamescreens.games.reading import LiveView, Replay


def banqi_screen(encoding: str) -> FriendlyLiveScreen:
    engine = replay(deal(random.Random(7)), ["a1"])
    colours = {"first": engine.colours[0], "second": engine.colours[1]}
    screen = FriendlyLiveScreen(Context(user=None, language="en", encoding=encoding), game_id=1)
    screen.game.view = LiveView(
        state={
            "ply": 1,
            "to_move": "second",
            "clocks": {"first": 605_000, "second": 600_000},
            "status_text": "caocao to move.",
            "moves": [],
            "claimable": {},
            "you": "second",
        },
        kind="banqi",
        placement="",
        last="a1",
        names={"first": "liubei", "second": "caocao"},
        colours=colours,
    )
    screen.game.rows = board_rows(engine)
    screen.game.read_at = time.monotonic()
    return screen


@pytest.mark.parametrize("encoding", ["utf-8", "big5"])
@pytest.mark.parametrize(("columns", "rows"), [(80, 21), (20, 2), (50, 8)])
def test_r11_7_a_dark_chess_game_is_drawn_within_the_terminal_face_down_pieces_hidden(encoding, columns, rows):
    screen = banqi_screen(encoding)
    with translation.override("en"):
        drawn, footer = screen.draw(columns, rows), screen.footer()
    assert max(line_widths(drawn)) <= columns and len(line_widths(drawn)) <= rows
    assert "f turn" not in footer and "x resign" in footer  # never turned
    if columns == 80:
        lines = plain(drawn).splitlines()
        assert lines[1].startswith("4  ？  ？") and lines[4].startswith("1  ")  # rank 4 on top, never turned
        assert plain(drawn).count("？") == 31  # one piece turned up, a1
        assert "caocao (you)" in lines[4] and "liubei" in lines[0]


@pytest.mark.parametrize("encoding", ["utf-8", "big5"])
def test_r11_7_a_decided_dark_chess_game_is_replayed_with_its_whole_deal_shown(encoding):
    layout = deal(random.Random(7))
    screen = FriendlyReplayScreen(Context(user=None, language="en", encoding=encoding), game_id=1)
    screen.replay = Replay(
        kind="banqi",
        moves=("a1",),
        pairs=move_pairs(["a1"]),
        placements=(),
        players=(("black", "liubei"), ("red", "caocao")),
        heading="second player won · resignation",
        black_view=False,
    )
    screen.squares = [board_rows(replay(layout, ["a1"][:ply]), reveal=True) for ply in range(2)]
    for ply in (0, 1):
        screen.ply = ply
        with translation.override("en"):
            drawn = screen.draw(80, 22)
        assert max(line_widths(drawn)) <= 80
        text = plain(drawn)
        assert "？" not in text and f"Move {ply} of 1" in text  # the deal shown at every step
        assert text.splitlines()[4].startswith("1  卒")
