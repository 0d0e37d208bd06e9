"""R11.6: a game's moves written and its board drawn from what was kept for its earlier moves are
exactly what writing and drawing the whole game gives, in Chinese notation, WXF and SAN, with a
handicap's moves in a row (R11.4), whether the moves come one at a time, several at once (a
watcher that reconnects) or from another game's writing with the same first moves."""

import random

import pytest

from games import live_notation
from games.chess_records import game_board
from games.chess_svg import board_svg as chess_board_svg
from games.live import legal_moves
from games.xiangqi import START, game_notation
from games.xiangqi_svg import board_svg

TERMS = {
    "xiangqi": [{}, {"favoured": "red", "extra_moves": 2}, {"favoured": "black", "extra_moves": 3}],
    "chess": [{}, {"favoured": "white", "extra_moves": 2}, {"favoured": "black", "extra_moves": 3}],
}


def random_game(kind: str, terms: dict, seed: int, plies: int, start: tuple = ()) -> list[str]:
    rng, moves = random.Random(seed), list(start)
    for _ply in range(plies - len(moves)):
        choices = legal_moves(kind, moves, **terms)
        if not choices:
            break
        moves.append(rng.choice(choices))
    return moves


def whole(kind: str, moves: list[str], terms: dict) -> tuple:
    """The moves written and the board drawn from the whole game."""
    if kind == "chess":
        board, sans = game_board(moves, **terms)
        return sans, chess_board_svg(board, board.peek() if moves else None)
    written = (game_notation(moves, **terms), game_notation(moves, chinese=False, **terms))
    return written, board_svg(START, moves, last=moves[-1] if moves else None)


def kept(kind: str, moves: list[str], terms: dict) -> tuple:
    if kind == "chess":
        return list(live_notation.chess_written(moves, **terms).sans), live_notation.chess_drawing(moves, **terms)
    written = live_notation.xiangqi_written(moves, **terms)
    return (list(written.chinese), list(written.wxf)), live_notation.xiangqi_drawing(moves, **terms)


@pytest.mark.parametrize("kind", ["xiangqi", "chess"])
def test_r11_6_moves_written_from_the_kept_writing_are_those_of_the_whole_game(kind):
    for seed, terms in enumerate(TERMS[kind]):
        moves = random_game(kind, terms, seed, 90)
        rng, ply = random.Random(seed), 0
        while ply < len(moves):
            ply = min(len(moves), ply + rng.choice([1, 1, 1, 2, 5, 12]))  # one move, or several at once
            assert kept(kind, moves[:ply], terms) == whole(kind, moves[:ply], terms), (seed, ply)
        # a game that shares the first moves, then goes its own way
        other = random_game(kind, terms, seed + 100, 45, start=tuple(moves[:30]))
        assert kept(kind, other, terms) == whole(kind, other, terms)
