"""R11.3: the software names the first illegal move and its number, in every notation. Random
legal games with one move corrupted in each way (a move of the opponent's piece, a capture of
one's own piece, impossible geometry, a pawn moving backwards, a move after mate), each checked
illegal against pyffish's legal moves at its ply."""

import functools
import random

import pyffish
import pytest

from games import RecordError, judge
from games.xiangqi import START, chinese_moves, wxf_moves
from games.xiangqi_notation import to_fairy
from tests.games.corruptions import KINDS, NOTATIONS, corrupt, games

GAMES = games()


# WXF and Chinese notation name only the mover's own pieces: an opponent's piece moved is ICCS's.
CASES = [(k, n) for k in KINDS for n in NOTATIONS if not (k == "opponent" and n != "iccs")]


@pytest.mark.parametrize(("kind", "notation"), CASES)
def test_r11_3_the_first_illegal_move_is_the_one_named(kind, notation):
    rng = random.Random(f"{kind}-{notation}")
    checked = 0
    for moves in rng.sample(GAMES, 400):
        case = corrupt(rng, moves, kind, notation)
        if case is None:
            continue
        with pytest.raises(RecordError) as err:
            judge("xiangqi", " ".join(case.tokens))
        assert (err.value.ply, err.value.move) == (case.ply, case.tokens[case.ply - 1]), case
        assert err.value.code in ("illegal", "unreadable")
        checked += 1
        if checked == 40:
            break
    assert checked >= 30, f"too few {kind} corruptions written in {notation}"


@functools.cache
def mated() -> list[list[str]]:
    out = []
    for moves in GAMES:
        fairy = [to_fairy(m) for m in moves]
        if not pyffish.legal_moves("xiangqi", START, fairy) and pyffish.gives_check("xiangqi", START, fairy):
            out.append(moves)
    return out


@pytest.mark.parametrize("notation", NOTATIONS)
def test_r11_3_a_move_after_mate_is_named(notation):
    games_mated = mated()[:20]
    assert len(games_mated) >= 10
    for moves in games_mated:
        written = moves if notation == "iccs" else wxf_moves(moves) if notation == "wxf" else chinese_moves(moves)
        # Whatever comes after the mate is illegal: the mated side has no move at all.
        extra = written[-2]
        with pytest.raises(RecordError) as err:
            judge("xiangqi", " ".join(written + [extra]))
        assert err.value.ply == len(moves) + 1, (moves, extra)
