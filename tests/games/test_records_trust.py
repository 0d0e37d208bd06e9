"""R11.3–R11.5: what a record may and may not do. Battle games start where the site says (a
record never sets up its own position, and no position typed by a user reaches pyffish);
records as programs export them (annotation glyphs) are read; every input is a Judgement or a
RecordError, read in one pass."""

import pytest

from games import RecordError, Termination, judge
from games.records import MAX_CHARS, MAX_SPECIALS, split_record
from tests.games.test_xiangqi import MATE_FROM_START

# The kinds of malformed position a fuzz run found crashing pyffish (every one a segfault then).
MALFORMED_FENS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1",  # a rank too short
    "rnbaqabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",  # no black general
    "9/9/9/9/9/9/9/9/9/9 w - - 0 1",  # no pieces at all
    "rnbakabnr/9/1c5c1 w",  # too few ranks
    "3k5/9/9/9/9/9/9/9/9/4K4",  # no side to move
    "rnbakabnr/９/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",  # a full-width digit
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR\x00 w - - 0 1",  # NUL
    "4k4/9/9/9/9/9/9/3R5/R8/5K3 w - - 0 1",  # well formed: a composed mate in one
]


@pytest.mark.parametrize("fen", MALFORMED_FENS)
def test_r11_3_a_record_with_its_own_start_is_refused(fen):
    with pytest.raises(RecordError) as err:
        judge("xiangqi", f'[FEN "{fen}"]\n1. 車九平五')
    assert err.value.code == "start"


def test_r11_4_a_handicap_record_cannot_bring_its_own_start():
    with pytest.raises(RecordError) as err:
        judge("xiangqi", '[FEN "4k4/9/9/9/9/9/9/3R5/R8/5K3"]\n1. 車九平五 車六平五', favoured="red", extra_moves=2)
    assert err.value.code == "start"


def test_r11_3_the_standard_start_written_out_is_accepted():
    start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    assert judge("xiangqi", f'[FEN "{start}"]\n1. 炮二平五').moves == ["h2e2"]
    chess_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert judge("chess", f'[FEN "{chess_start}"]\n1. e4').moves == ["e2e4"]


def test_r11_3_a_chess_record_with_its_own_start_is_refused():
    with pytest.raises(RecordError) as err:
        judge("chess", '[FEN "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"]\n1. Qg7#')
    assert err.value.code == "start"


@pytest.mark.parametrize(
    "text",
    [
        "İ2e2",
        "h2e2 İ9g7",
        "h2İ2",
        "h²e2",
        "炮²平五",
        "炮二平٥",
        "1. h2e2\x00 h9g7",
        "\x00",
        '[FEN "\x00"]',
        "ｈ２ｅ２",
        "炮二平五 馬８進７ " + "(" * 10,
        "{" * 50 + "h2e2",
    ],
)
def test_r11_3_odd_text_is_a_record_error_or_a_judgement(text):
    """Characters that case-fold or normalise into something else (İ, ², Arabic-Indic digits),
    NUL, unclosed comments: a Judgement or a RecordError, nothing else."""
    try:
        judgement = judge("xiangqi", text)
    except RecordError as err:
        assert err.code in ("unreadable", "illegal", "empty", "start")
    else:
        assert all(len(m) == 4 for m in judgement.moves)


GLYPHS = ["!", "?", "!!", "??", "!?", "?!", "！", "？", "！？", "？！", "！！"]


@pytest.mark.parametrize("glyph", GLYPHS)
def test_r11_3_suffix_annotations_are_skipped_in_every_notation(glyph):
    for record in (
        f"1. 炮二平五{glyph} 馬８進７",
        f"1. C2=5{glyph} H8+7",
        f"1. h2e2{glyph} h9g7",
        f"1. H2-E2{glyph} H9-G7",
    ):
        assert judge("xiangqi", record).moves == ["h2e2", "h9g7"], record
    assert judge("chess", f"1. e4 e5 2. Nf3{glyph} Nc6").moves == ["e2e4", "e7e5", "g1f3", "b8c6"]


def test_r11_3_numeric_annotation_glyphs_and_lone_suffixes_are_skipped():
    assert judge("xiangqi", "1. 炮二平五 $1 馬８進７ $14 !? 2. 馬二進三 $201").moves == ["h2e2", "h9g7", "h0g2"]
    assert judge("chess", "1. e4 $1 e5 $2 2. Nf3 ?! Nc6 $10 1-0").moves == ["e2e4", "e7e5", "g1f3", "b8c6"]


def test_r11_3_nested_variations_and_comments_are_skipped():
    record = "1. e4 {best by test} (1. d4 d5 (1... Nf6 2. c4 {a comment (with parens)})) e5 ; to the end\n2. Nf3"
    assert judge("chess", record).moves == ["e2e4", "e7e5", "g1f3"]
    assert judge("xiangqi", "1. 炮二平五 (1. 相三進五 {飛相}) 馬８進７").moves == ["h2e2", "h9g7"]


def test_a_record_past_the_cap_is_refused_before_it_is_read():
    with pytest.raises(RecordError) as err:
        split_record("(" * (MAX_CHARS + 1))
    assert err.value.code == "too_long"
    with pytest.raises(RecordError) as err:  # more comment and variation marks than any real record
        judge("xiangqi", "(" * MAX_CHARS)
    assert err.value.code == "too_long"
    with pytest.raises(RecordError) as err:  # within the caps, unclosed brackets leave no moves
        judge("xiangqi", "(" * MAX_SPECIALS + " 炮二平五" * 1000)
    assert err.value.code == "empty"
    with pytest.raises(RecordError) as err:  # a "move" of 100,000 characters is not read through
        judge("xiangqi", "炮二平五" + "馬" * 100_000)
    assert err.value.code == "unreadable" and len(err.value.move) <= 21


def test_r11_3_a_mate_from_the_start_still_decides_itself():
    judgement = judge("xiangqi", MATE_FROM_START)
    assert (judgement.result, judgement.termination) == ("1-0", Termination.CHECKMATE)
