"""Repetition is a claim (R11.3), ruled by pure functions of a trusted position and the moves
since: xiangqi by pyffish's Asian rules (a plain repetition draws; a perpetual check or chase
loses for its offender, and only the offender's opponent claims; a mutual perpetual draws), chess
by FIDE's (9.2 threefold repetition and 9.3 fifty moves claimed; 9.6 fivefold repetition and 75
moves end the game by themselves). Who may claim, and until when, is games/claims.py."""

import chess
import pyffish
import pytest

from games import chess_records, xiangqi
from games.base import RecordError, Termination
from games.claims import claimable
from games.live import play
from games.xiangqi_notation import to_fairy
from tests.play.claims_corpus import (
    FIFTY_MOVES,
    PERPETUAL_CHASE_BY_BLACK,
    PERPETUAL_CHASE_BY_RED,
    PERPETUAL_CHECK_BY_BLACK,
    PERPETUAL_CHECK_BY_RED,
    PERPETUAL_CHECKED_THEN_MATED,
    REPEATED_THEN_MATED,
    SHUFFLE,
    fifty_move_walk,
)

# Composed positions (never a record's start, R11.3) and a cycle of four plies played twice.
COMPOSED = {
    # a lone rook checks the black general up and down its file: red checks perpetually
    "perpetual check by red": ("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1", ["a8a9", "e9e8", "a9a8", "e8e9"], "0-1"),
    # a black rook follows the horse the red general guards: still a chase, black loses
    "perpetual chase by black": ("3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1", ["d0c2", "d3c3", "c2d0", "c3d3"], "1-0"),
    # the same, colours and sides turned round: red chases
    "perpetual chase by red": ("3nk4/9/9/3R5/9/9/9/9/9/3K5 b - - 0 1", ["d9c7", "d6c6", "c7d9", "c6d6"], "0-1"),
    # the chased rook is guarded by a horse: chasing a guarded piece is allowed, a plain repetition
    "a guarded piece may be chased": (
        "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1",
        ["d0c2", "d3c3", "c2d0", "c3d3"],
        "1/2-1/2",
    ),
}


@pytest.mark.parametrize("name", COMPOSED)
def test_r11_3_a_composed_repetition_is_ruled_at_its_third_occurrence(name):
    fen, cycle, result = COMPOSED[name]
    assert xiangqi.repetition(fen, cycle + cycle[:3]) is None, "twice only"
    claim = xiangqi.repetition(fen, cycle * 2)
    assert (claim.result, claim.count) == (result, 3)
    expected = {"1-0": ("red",), "0-1": ("black",), "1/2-1/2": ("red", "black")}[result]
    assert claim.claimants == expected, "a perpetual is claimed by the offender's opponent only"
    assert xiangqi.repetition(fen, cycle * 3).count == 4


def test_r11_3_a_plain_repetition_from_the_start_is_a_draw_either_side_claims():
    claim = xiangqi.repetition(xiangqi.START, SHUFFLE * 2)
    assert (claim.kind, claim.result, claim.claimants) == ("repetition", "1/2-1/2", ("red", "black"))


# Both sides offend at every move, so neither alone: a draw (positions of Fairy-Stockfish's own tests).
MUTUAL = {
    "mutual perpetual check": ("9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1", [], ["e3d3", "d6e6", "d3e3", "e6d6"]),
    "mutual perpetual chase": (
        "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1",
        ["f6h6"],
        ["h8f7", "h6h7", "f7g5", "h7g7", "g5i6", "g7g6", "i6h8", "g6h6"],
    ),
}


@pytest.mark.parametrize("name", MUTUAL)
def test_r11_3_a_mutual_perpetual_is_a_draw_either_side_claims(name):
    fen, lead, cycle = MUTUAL[name]
    claim = xiangqi.repetition(fen, lead + cycle * 2)
    assert (claim.kind, claim.result, claim.claimants) == ("repetition", "1/2-1/2", ("red", "black"))
    if name.endswith("check"):  # every move of both sides checks
        assert all(pyffish.gives_check(xiangqi.VARIANT, fen, [to_fairy(m) for m in cycle[: n + 1]]) for n in range(4))


REAL = {
    "perpetual check by red": (PERPETUAL_CHECK_BY_RED, ("black",)),
    "perpetual check by black": (PERPETUAL_CHECK_BY_BLACK, ("red",)),
    "perpetual chase by red": (PERPETUAL_CHASE_BY_RED, ("black",)),
    "perpetual chase by black": (PERPETUAL_CHASE_BY_BLACK, ("red",)),
}


@pytest.mark.parametrize("name", REAL)
def test_r11_3_real_perpetuals_are_claims_of_the_offenders_opponent_not_an_end(name):
    (moves, third), claimants = REAL[name]
    judgement = play("xiangqi", moves[: third - 1], moves[third - 1])
    assert judgement.result is None, "the game goes on unless someone claims"
    assert (judgement.claimable.kind, judgement.claimable.claimants) == ("perpetual", claimants)
    assert set(claimable("xiangqi", moves[:third])) == set(claimants)
    assert (
        play("xiangqi", moves[: third - 1], moves[third - 1], repetition_limit=3).termination == Termination.PERPETUAL
    )


def test_r11_3_the_claim_window_each_side_too_early_too_late():
    assert claimable("xiangqi", SHUFFLE * 2)["red"].kind == "repetition"
    assert claimable("xiangqi", SHUFFLE + SHUFFLE[:3]) == {}, "too early: twice"
    assert set(claimable("xiangqi", [*SHUFFLE * 2, "h2e2"])) == {"black"}, "red moved on; black has not"
    assert claimable("xiangqi", [*SHUFFLE * 2, "h2e2", "b9c7"]) == {}, "too late for both"


@pytest.mark.parametrize("game", [REPEATED_THEN_MATED, PERPETUAL_CHECKED_THEN_MATED], ids=["repeated", "perpetual"])
def test_r11_3_a_real_game_with_repetitions_nobody_claims_runs_to_its_mate(game):
    moves, third = game
    judgement = None
    for ply in range(len(moves)):
        judgement = play("xiangqi", moves[:ply], moves[ply], repetition_limit=15)
        assert judgement.result is None or ply == len(moves) - 1, f"ended early, at ply {ply + 1}"
    assert judgement is not None and judgement.termination == Termination.CHECKMATE


CHESS_SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def test_fide_9_2_threefold_repetition_is_claimed_not_an_end():
    assert play("chess", CHESS_SHUFFLE, "e2e4").claimable is None
    judgement = play("chess", (CHESS_SHUFFLE * 2)[:-1], "f6g8")
    assert judgement.result is None and judgement.claimable.kind == "repetition"
    assert set(claimable("chess", CHESS_SHUFFLE * 2)) == {"white", "black"}
    assert chess_records.repetition(chess.STARTING_FEN, CHESS_SHUFFLE + CHESS_SHUFFLE[:3]) is None


def test_fide_9_3_fifty_moves_are_claimed_and_9_6_seventy_five_end_the_game():
    assert play("chess", FIFTY_MOVES[:-2], FIFTY_MOVES[-2]).claimable is None, "99 plies"
    judgement = play("chess", FIFTY_MOVES[:-1], FIFTY_MOVES[-1])
    assert judgement.result is None and judgement.claimable.kind == "fifty_moves"
    walk = fifty_move_walk(150)
    judgement = play("chess", walk[:-1], walk[-1])
    assert (judgement.result, judgement.termination) == ("1/2-1/2", Termination.MOVE_RULE)


def test_fide_9_6_fivefold_repetition_ends_the_game_and_no_move_comes_after():
    judgement = play("chess", (CHESS_SHUFFLE * 4)[:-1], "f6g8")
    assert (judgement.result, judgement.termination) == ("1/2-1/2", Termination.REPETITION)
    with pytest.raises(RecordError, match="after the end"):
        play("chess", CHESS_SHUFFLE * 4, "e2e4")


def test_r11_4_after_a_handicap_the_repetition_counts_from_the_position_it_leaves():
    """The favoured side's two moves in a row (R11.4), then the horses out and back twice: the
    position the handicap left stands a third time; red moved last, black is to move."""
    handicap, cycle = ["h2e2", "b2d2"], ["h9g7", "h0g2", "g7h9", "g2h0"]
    moves = handicap + cycle * 2
    judgement = play("xiangqi", moves[:-1], moves[-1], favoured="red", extra_moves=2)
    assert judgement.result is None and judgement.claimable.kind == "repetition"
    assert set(claimable("xiangqi", moves, favoured="red", extra_moves=2)) == {"red", "black"}
    assert claimable("xiangqi", moves[:-1], favoured="red", extra_moves=2) == {}
