"""R11.1, R11.3–R11.5 for Western chess, replayed by python-chess."""

import chess
import pytest

from games import RecordError, Termination, judge
from games.chess_records import judge_moves
from games.records import split_record


def composed(fen: str, text: str, **terms):
    """A composed position for the rules of the end of a game; records never start there."""
    return judge_moves(chess.Board(fen), split_record(text)[1], **terms)


# Morphy v. the Duke of Brunswick and Count Isouard, Paris 1858 ("the Opera game"), public domain.
OPERA = """[Event "Paris"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7 8.Nc3 c6 9.Bg5 b5
10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6 15.Bxd7+ Nxd7 16.Qb8+ Nxb8
17.Rd8# 1-0"""


def test_r11_3_checkmate_decides_itself():
    judgement = judge("chess", OPERA)
    assert (judgement.result, judgement.termination) == ("1-0", Termination.CHECKMATE)
    assert judgement.moves[:2] == ["e2e4", "e7e5"] and len(judgement.moves) == 33


def test_r11_3_stalemate_is_a_draw_in_chess():
    assert composed("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "1. Qf6").result is None
    judgement = composed("7k/8/5QK1/8/8/8/8/8 w - - 0 1", "1. Qf7")
    assert (judgement.result, judgement.termination) == ("1/2-1/2", Termination.STALEMATE)


def test_r11_3_illegal_move_named_with_its_number():
    with pytest.raises(RecordError) as err:
        judge("chess", "1. e4 e5 2. Ke3")
    assert (err.value.ply, err.value.move) == (3, "Ke3")
    with pytest.raises(RecordError) as err:
        judge("chess", "1. e4 zz9")
    assert (err.value.ply, err.value.code) == (2, "unreadable")


def test_r11_3_moves_after_the_end_are_refused():
    with pytest.raises(RecordError) as err:
        judge("chess", OPERA.replace("17.Rd8# 1-0", "17.Rd8# Ke7 1-0"))
    assert err.value.code == "after_end" and err.value.ply == 34


def test_r11_4_handicap_moves_in_a_row_none_a_capture():
    assert judge("chess", "1. e4 d4 Nc6", favoured="white", extra_moves=2).moves == ["e2e4", "d2d4", "b8c6"]
    with pytest.raises(RecordError) as err:
        composed("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "1. Kd2 exd5", favoured="white", extra_moves=2)
    assert (err.value.clause, err.value.ply) == ("R11.4", 2)


def test_r11_5_mainstream_openings_in_chess():
    assert judge("chess", "1. e4 e5", restricted="white").moves == ["e2e4", "e7e5"]
    with pytest.raises(RecordError) as err:
        judge("chess", "1. a3 e5", restricted="white")
    assert (err.value.clause, err.value.ply) == ("R11.5", 1)
    with pytest.raises(RecordError) as err:
        judge("chess", "1. e4 a6", restricted="black")
    assert (err.value.clause, err.value.ply) == ("R11.5", 2)


def test_r11_3_a_pgn_file():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "data" / "opera.pgn").read_text()
    assert judge("chess", text).result == "1-0"
