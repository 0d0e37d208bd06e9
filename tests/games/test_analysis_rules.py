"""The analysis' pure rules: positions replayed as the game was judged (R11.4's handicap moves in
a row), scores turned to red's / white's view, and mistakes and blunders judged by lichess's
winning chances (a loss of 0.3 a blunder, 0.2 a mistake, the engine's own move never)."""

import math

import pytest

from games import analysis as rules
from games.xiangqi import START


def cp_for(chances: float) -> int:
    """The centipawns whose winning chances are `chances` (the formula turned round)."""
    return round(-math.log(2 / (chances + 1) - 1) / 0.00368208)


def test_r11_4_a_handicap_s_moves_in_a_row_are_replayed_with_the_favoured_side_to_move():
    fens = rules.positions("xiangqi", ["h2e2", "b2d2", "h9g7"], favoured="red", extra_moves=2)
    assert [fen.split()[1] for fen in fens] == ["w", "w", "b", "w"], "red moves twice, then black"
    assert fens[0] == START


def test_scores_are_turned_to_the_first_player_s_view_and_mate_zero_is_mated():
    assert rules.from_first("x w", 40, None) == (40, None)
    assert rules.from_first("x b", 40, None) == (-40, None)
    assert rules.from_first("x b", None, 3) == (None, -3), "black mates in 3"
    assert rules.from_first("x b", None, 0) == (None, 1), "black is mated: red has won"


@pytest.mark.parametrize(
    ("lost", "judged"), [(0.31, "blunder"), (0.29, "mistake"), (0.21, "mistake"), (0.19, ""), (0.0, "")]
)
def test_a_move_is_judged_by_the_winning_chances_its_mover_lost(lost, judged):
    fens = rules.positions("chess", ["e2e4", "e7e5"])
    before, after = 0.1, 0.1 - lost
    evals = [(cp_for(before), None), (cp_for(after + 1e-4), None), (cp_for(after), None)]
    found = rules.marks(evals, fens, ["d2d4", "c7c5", ""], ["e2e4", "e7e5"])
    assert [m.judgement for m in found if m.ply == 1] == ([judged] if judged else [])


def test_the_engine_s_own_move_is_never_marked_whatever_the_scores_say():
    fens = rules.positions("chess", ["e2e4"])
    assert rules.marks([(300, None), (-300, None)], fens, ["e2e4", ""], ["e2e4"]) == []


def test_a_mate_counts_as_the_centipawn_bound_and_a_mate_allowed_is_a_blunder():
    assert rules.winning_chances(None, 5) == rules.winning_chances(5000, None) == rules.winning_chances(1000, None)
    fens = rules.positions("chess", ["f2f3", "e7e5", "g2g4"])
    found = rules.marks(
        [(30, None), (0, None), (0, None), (None, -1)], fens, ["e2e4", "d7d5", "b1c3", "d8h4"], ["f2f3", "e7e5", "g2g4"]
    )
    assert [(m.ply, m.judgement, m.best) for m in found] == [(3, "blunder", "b1c3")]


def test_the_chart_puts_the_first_player_s_advantage_up_and_dots_each_marked_move():
    drawn = rules.chart([(0, None), (None, 2), (None, -2)], [rules.Mark(2, "blunder", 0.5, "e2e4")], height=100)
    ys = [float(point.split(",")[1]) for point in drawn.line.split()]
    assert ys[0] == 50 and ys[1] < 10 and ys[2] > 90
    assert drawn.dots == [(2, 600.0, ys[2], "blunder")]
