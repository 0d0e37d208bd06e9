"""T3.11, T3.12: maps in their text form (games/tactics/maps.py), as an organiser draws one for a
campaign: the first fault of T3.11 named, the engine's own validation the last word, and what
is read written back the same."""

import pytest

from games.tactics.board import CLASSIC_9, classic_9
from games.tactics.errors import TacticsViolation
from games.tactics.maps import map_fault, map_named, map_read, map_rows, map_write
from games.tactics.setup import read_map

GOOD_7 = ["...B...", ".M...W.", "F.....F", "W.....W", "F.....F", ".W...M.", "...B..."]


def test_t3_12_classic_9_by_name_and_drawn_are_the_same_map_and_write_back_as_its_name():
    assert map_read("classic-9").rows == classic_9().rows == map_read("\n".join(CLASSIC_9)).rows
    assert map_write(map_read("classic-9")) == "classic-9" and map_named(list(CLASSIC_9)) == "classic-9"


def test_t3_11_a_good_drawing_reads_in_either_case_with_spaces_and_blank_lines_and_writes_back_its_rows():
    text = "\n  " + "\n  ".join(row.lower() for row in GOOD_7) + "\n\n"
    board = map_read(text)
    assert board.rows == tuple(GOOD_7) and map_fault(map_rows(text)) is None
    assert map_read(map_write(board)).rows == board.rows
    # the engine's own reading of an inline map (T18.2) takes it too
    assert read_map({"name": "seven", "rows": GOOD_7}, 3).terrain("b6") == "mountain"


@pytest.mark.parametrize(
    "rows, fault",
    [
        ([], ("empty", {})),
        (["..B.X..", "..B...."], ("letter", {"row": 2, "letter": "X"})),
        (["...B...", "....", "...B..."], ("ragged", {"row": 2, "files": 4, "width": 7})),
        (["...B....", "........", "....B..."], ("even", {"files": 8})),
        (["." * 13 + "B" + "." * 13] * 2, ("wide", {"files": 27})),
        (["...B..."] * 27, ("tall", {"rows": 27})),
        (["..B....", ".......", "....B.."], ("bases", {"first": "d1", "second": "d3"})),
        (["...B...", "...B...", "...B..."], ("bases", {"first": "d1", "second": "d3"})),
        (["..B..", ".....", "..B.."], None),
        (["B", ".", "B"], ("spawns", {"spawns": 0, "least": 4})),
        (
            ["...B...", "M......", "...B..."],
            ("mirror", {"cell": "a2", "terrain": "mountain", "opposite": "g2", "other": "plain"}),
        ),
    ],
)
def test_t3_11_the_first_fault_of_a_drawing_is_named_with_where_it_is(rows, fault):
    assert map_fault(rows) == fault
    if fault is not None and fault[0] != "tall":  # (the engine has no height limit: the site's)
        with pytest.raises(TacticsViolation) as refused:
            map_read("\n".join(rows))
        assert refused.value.clause == "T3.11"


def test_t3_11_spawn_points_count_the_heroes_a_side():
    rows = ["..B..", ".....", "..B.."]
    assert map_fault(rows, heroes_per_side=3) is None
    assert map_fault(rows, heroes_per_side=4) == ("spawns", {"spawns": 4, "least": 5})
