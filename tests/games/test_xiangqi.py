"""R11.1–R11.5 for xiangqi: records in every notation, replayed by pyffish and judged."""

import gzip
from pathlib import Path

import pyffish
import pytest

from games import RecordError, Termination, judge
from games.records import split_record
from games.xiangqi import (
    START,
    VARIANT,
    chinese_moves,
    judge_moves,
    parse_moves,
    wxf_moves,
)
from games.xiangqi_notation import to_fairy

DATA = Path(__file__).resolve().parents[1] / "data"
# Composed positions for the rules of the end of a game; records never start there (R11.3).
MATE_IN_ONE = ("4k4/9/9/9/9/9/9/3R5/R8/5K3 w - - 0 1", "1. 車九平五")
# A random pyffish game (tests/data) in which red mates from the standard start, double cannons.
MATE_FROM_START = (
    "車一進二 炮２平４ 炮二進四 炮８平６ 炮八平二 炮６退１ 車一退一 炮４進６ 車九進一 馬８進９ "
    "前炮平五 炮６平４ 炮二進三 炮４退４ 炮二平五"
)


def composed(fen: str, text: str):
    return judge_moves(fen, split_record(text)[1])


def random_games(limit: int | None = None) -> list[list[str]]:
    with gzip.open(DATA / "xiangqi_random_games.txt.gz", "rt") as f:
        return [line.split() for line in f.read().splitlines()[:limit]]


@pytest.mark.slow
def test_r11_3_chinese_notation_round_trips_thousands_of_random_games():
    """Random legal games (tests/data/make_xiangqi_games.py): WXF from pyffish → our Chinese →
    our parser → the same ICCS moves; and WXF read directly gives them too."""
    games = random_games()
    assert len(games) >= 2000
    for moves in games:
        wxf = wxf_moves(moves)
        chinese = chinese_moves(moves)
        assert parse_moves(chinese, START) == moves, chinese
        assert parse_moves(wxf, START) == moves, wxf


def test_r11_3_our_wxf_is_pyffishs_for_every_move_of_thousands_of_random_games():
    """The WXF the site writes (on its own board, no pyffish call) is the text pyffish writes,
    move by move: tandem pieces told apart by + / − or by file, numbered tandem pawns
    (three on a file, or two on each of two files)."""
    games = random_games()
    numbered = signed = 0
    for moves in games:
        theirs = pyffish.get_san_moves(
            VARIANT, START, [to_fairy(m) for m in moves], False, pyffish.NOTATION_XIANGQI_WXF
        )
        ours = wxf_moves(moves)
        assert ours == theirs, next((i, a, b) for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b)
        numbered += sum(1 for wxf in ours if wxf[0].isdigit())
        signed += sum(1 for wxf in ours if wxf[1] in "+-")
    assert numbered >= 5 and signed > 500, (numbered, signed)  # the hard cases were met


@pytest.mark.parametrize(
    ("fen", "move", "wxf"),
    [
        ("3k5/9/9/4P4/4P4/4P4/9/9/9/4K4 w - - 0 1", "e6d6", "15=6"),  # three pawns on a file: the front one
        ("3k5/9/9/4P4/4P4/4P4/9/9/9/4K4 w - - 0 1", "e5d5", "25=6"),  # … the middle one
        ("3k5/9/9/1P7/1P7/9/4P4/4P4/9/4K4 w - - 0 1", "b6c6", "18=7"),  # two files of two: numbered too
        ("3k5/9/9/9/9/9/R8/9/9/R3K4 w - - 0 1", "a3a6", "R++3"),  # two rooks: the front one
        ("3k5/9/9/9/9/9/R8/9/9/R3K4 w - - 0 1", "a0a2", "R-+2"),  # … the rear one
        ("3k5/9/9/9/9/9/9/N8/9/N3K4 w - - 0 1", "a2c1", "H9-7"),  # the other could not step so: by file
        ("3k5/9/9/9/9/9/9/N8/9/N3K4 w - - 0 1", "a2b4", "H++8"),
        ("3k5/9/9/9/9/9/9/4B4/9/2B1K4 w - - 0 1", "e2c4", "E5+7"),  # elephants: the other may not cross
    ],
)
def test_r11_3_our_wxf_for_tandem_pieces_is_pyffishs(fen, move, wxf):
    assert wxf_moves([move], fen) == [wxf]
    assert pyffish.get_san(VARIANT, fen, to_fairy(move), False, pyffish.NOTATION_XIANGQI_WXF) == wxf


def test_r11_3_every_notation_gives_the_same_canonical_moves():
    expected = ["h2e2", "h9g7", "h0g2", "i9h9"]
    for record in (
        "炮二平五 馬８進７ 馬二進三 車９平８",
        "炮二平五 马8进7 马二进三 车9平8",
        "炮二平五 馬8進7 傌二進三 車9平8",
        "C2=5 H8+7 H2+3 R9=8",
        "C2.5 h8+7 H2+3 R9=8",
        "h2e2 h9g7 h0g2 i9h9",
        "H2-E2 H9-G7 H0-G2 I9-H9",
    ):
        assert judge("xiangqi", record).moves == expected, record


def test_r11_3_pgn_with_headers_and_numbers():
    record = (
        '[Game "Chinese Chess"]\n[Red "曹操"]\n[Black "劉備"]\n[Result "*"]\n\n'
        "1. 炮二平五 馬８進７ {中炮對屏風馬} 2. 馬二進三 *"
    )
    judgement = judge("xiangqi", record)
    assert judgement.moves == ["h2e2", "h9g7", "h0g2"] and judgement.headers["Red"] == "曹操"


def test_r11_3_first_illegal_move_is_named_with_its_number():
    with pytest.raises(RecordError) as err:
        judge("xiangqi", "炮二平五 馬８進７ 炮五進五 馬２進３")
    assert (err.value.ply, err.value.move, err.value.code) == (3, "炮五進五", "illegal")
    with pytest.raises(RecordError) as err:
        judge("xiangqi", "h2e2 h9g7 h0g2 a9a5")  # a chariot cannot jump its own soldier
    assert (err.value.ply, err.value.move) == (4, "a9a5")
    with pytest.raises(RecordError) as err:
        judge("xiangqi", "炮二平五 xyz")
    assert (err.value.ply, err.value.code) == (2, "unreadable")


def test_r11_3_checkmate_decides_itself():
    judgement = composed(*MATE_IN_ONE)
    assert (judgement.result, judgement.termination) == ("1-0", Termination.CHECKMATE)
    judgement = judge("xiangqi", MATE_FROM_START)
    assert (judgement.result, judgement.termination, len(judgement.moves)) == ("1-0", Termination.CHECKMATE, 15)


def test_r11_3_stalemate_loses_in_xiangqi():
    judgement = composed("4k4/9/R8/9/9/9/9/9/3R5/5K3 w - - 0 1", "1. 車九進一")
    assert (judgement.result, judgement.termination) == ("1-0", Termination.STALEMATE)


def test_r11_3_a_record_that_ends_in_a_repetition_is_a_claim_with_the_ruling_attached():
    """R11.3: only mate and stalemate decide themselves; a repetition is claimed (plain: a draw
    either side may claim; perpetual check: the checked side claims the win)."""
    shuffle = "h0g2 h9g7 g2h0 g7h9 " * 3
    judgement = judge("xiangqi", shuffle)
    assert (judgement.result, judgement.termination) == (None, Termination.CLAIM)
    assert (judgement.claimable.kind, judgement.claimable.result) == ("repetition", "1/2-1/2")
    checks = "a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9"
    judgement = composed("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", checks)
    assert judgement.result is None
    assert (judgement.claimable.kind, judgement.claimable.claimants) == ("perpetual", ("black",))
    assert judgement.claimable.result == "0-1", "the checking side loses"


def test_r11_3_any_other_ending_is_a_claim():
    judgement = judge("xiangqi", "炮二平五 馬８進７")
    assert (judgement.result, judgement.termination) == (None, Termination.CLAIM)


def test_r11_4_handicap_the_favoured_side_moves_twice_first():
    judgement = judge("xiangqi", "炮二平五 馬二進三 馬８進７", favoured="red", extra_moves=2)
    assert judgement.moves == ["h2e2", "h0g2", "h9g7"]
    with pytest.raises(RecordError) as err:  # without the handicap the second move is Black's
        judge("xiangqi", "h2e2 h0g2 h9g7")
    assert err.value.ply == 2


def test_r11_4_a_favoured_black_player_moves_first():
    judgement = judge("xiangqi", "馬８進７ 馬２進３ 炮二平五", favoured="black", extra_moves=2)
    assert judgement.moves == ["h9g7", "b9c7", "h2e2"]


def test_r11_4_handicap_moves_may_not_capture_or_check():
    with pytest.raises(RecordError) as err:  # the cannon takes the pawn: a capture
        judge("xiangqi", "炮二平五 炮五進四", favoured="red", extra_moves=2)
    assert err.value.clause == "R11.4" and err.value.ply == 2


def test_r11_5_restricted_player_opens_with_a_mainstream_move():
    assert judge("xiangqi", "炮二平五 馬８進７", restricted="red").moves
    assert judge("xiangqi", "炮二平五 馬８進７", restricted="black").moves
    with pytest.raises(RecordError) as err:
        judge("xiangqi", "車一進一 馬８進７", restricted="red")
    assert err.value.clause == "R11.5" and err.value.ply == 1
    with pytest.raises(RecordError) as err:
        judge("xiangqi", "炮二平五 車９進１", restricted="black")
    assert err.value.clause == "R11.5" and err.value.ply == 2


def test_bad_records_are_refused_with_a_reason():
    for record, code in (("", "empty"), ("   \n", "empty"), ("炮二平五 " * 1001, "too_long")):
        with pytest.raises(RecordError) as err:
            judge("xiangqi", record)
        assert err.value.code == code
    assert judge("xiangqi", "\ufeff炮二平五").moves == ["h2e2"], "a UTF-8 byte-order mark is ignored"


def xqf(name: str) -> bytes:
    return (DATA / name).read_bytes()


def test_r11_3_xqf_files_are_read_and_replayed():
    """XQF files made by tests/data/make_xqf.py from games played through pyffish."""
    from games.xqf import xqf_to_record

    opening = judge("xiangqi", xqf_to_record(xqf("opening-v10.xqf")))
    assert opening.moves == ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"] and opening.headers["Red"] == "曹操"
    assert judge("xiangqi", xqf_to_record(xqf("random-v18.xqf"))).moves == random_games(1)[0][:40]
    with pytest.raises(RecordError) as err:  # a set-up position: battle games start where the site says
        judge("xiangqi", xqf_to_record(xqf("mate-in-one-v10.xqf")))
    assert err.value.code == "start"


def test_a_damaged_xqf_file_is_refused_with_a_reason():
    from games.xqf import xqf_to_record

    with pytest.raises(RecordError) as err:
        xqf_to_record(b"XQ" + b"\x0a" + b"\x00" * 20)
    assert err.value.code == "unreadable"


def test_r11_3_pgn_files_in_utf8_gbk_and_big5():
    from play.services.records import record_decode

    expected = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "g6g5"]  # 兵七進一: file 7 is c
    for name in ("opening.pgn", "opening-gbk.pgn", "opening-big5.pgn"):
        judgement = judge("xiangqi", record_decode((DATA / name).read_bytes()))
        assert judgement.moves == expected and judgement.headers["Red"] == "曹操", name


def test_a_record_of_10000_moves_is_refused_quickly():
    with pytest.raises(RecordError) as err:
        judge("xiangqi", "h0g2 h9g7 g2h0 g7h9 " * 2500)
    assert err.value.code == "too_long"
