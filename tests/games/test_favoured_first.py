"""R11.4 讓一先: a favoured side with one move (an organiser's `extra_moves` of 1) simply moves
first, even as black. What the pages write and draw (the notation, the board, the hints, the
engine's positions) follows the judge: black's move first, written as black's."""

from games import judge
from games.analysis import positions
from games.chess_records import game_board
from games.live import legal_moves, position
from games.live_notation import chess_written, xiangqi_written
from games.xiangqi import game_notation

TERMS = {"favoured": "black", "extra_moves": 1}


def test_r11_4_black_favoured_by_one_move_is_written_as_black_first_in_xiangqi():
    moves = ["h7e7", "h2e2", "h9g7"]
    assert judge("xiangqi", " ".join(moves), **TERMS).moves == moves  # the judge accepts it
    assert game_notation(moves, **TERMS) == ["炮８平５", "炮二平五", "馬８進７"]
    assert game_notation(moves, chinese=False, **TERMS) == ["C8=5", "C2=5", "H8+7"]
    assert list(xiangqi_written(moves, **TERMS).chinese) == game_notation(moves, **TERMS)
    assert positions("xiangqi", [], **TERMS)[0].split()[1] == "b"
    assert positions("xiangqi", moves, **TERMS)[-1].split()[1] == "w"
    assert "h7e7" in legal_moves("xiangqi", [], **TERMS) and position("xiangqi", [], **TERMS).split()[1] == "b"


def test_r11_4_black_favoured_by_one_move_is_written_and_hinted_as_black_first_in_chess():
    moves = ["e7e5", "e2e4"]
    assert judge("chess", " ".join(moves), **TERMS).moves == moves
    board, sans = game_board(moves, **TERMS)
    assert sans == ["e5", "e4"] and board.turn is False  # black to move again after one each
    assert list(chess_written(moves, **TERMS).sans) == sans
    hints = legal_moves("chess", [], **TERMS)
    assert "e7e5" in hints and "e2e4" not in hints  # the hints are black's
    assert positions("chess", [], **TERMS)[0].split()[1] == "b"
