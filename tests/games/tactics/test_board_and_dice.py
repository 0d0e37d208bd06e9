"""The board (docs/tactics.md §T3), the hero data (T14.1, T14.2) and the dice (T10.2, T18.1)."""

import json
from collections import Counter

import pytest

from games.tactics.board import Board, classic_9, distance, neighbours
from games.tactics.dice import check_seed, commitment, roll
from games.tactics.errors import TacticsViolation
from games.tactics.heroes import DATA, HEROES, load


def test_t3_1_distance_counts_a_diagonal_as_two():
    assert (distance("e5", "f6"), distance("e5", "e6"), distance("a1", "i9")) == (2, 1, 16)


def test_t3_2_neighbours_off_the_board_are_ignored():
    assert sorted(neighbours(classic_9(), "i9")) == ["h9", "i8"]


def test_t3_12_classic_9_has_the_terrain_counts_and_the_bases_of_the_rules():
    board = classic_9()
    counts = Counter(board.terrain(c) for c in board.cells())
    assert counts == {"plain": 62, "mountain": 5, "water": 6, "forest": 6, "base": 2}
    assert (board.base("first"), board.base("second")) == ("e1", "e9")
    assert board.spawn_points("first") == ["a1", "b1", "c1", "d1", "f1", "g1", "h1", "i1"]


@pytest.mark.parametrize(
    "rows, why",
    [
        (("..B.", "....", "..B."), "odd number of files"),
        (("..B..", ".M...", "..B.."), "half turn"),
        (("..B..", "..B..", "....."), "bases"),
    ],
)
def test_t3_11_a_map_that_breaks_the_constraints_is_refused(rows, why):
    with pytest.raises(TacticsViolation) as refusal:
        Board("bad", rows).validate(1)
    assert refusal.value.clause == "T3.11" and why in refusal.value.message


def test_t14_1_the_hero_data_has_27_heroes_and_81_skills_with_the_rules_counts():
    skills = [s for h in HEROES.values() for s in h.skills]
    assert (len(HEROES), len(skills)) == (27, 81)
    assert Counter(s.kind for s in skills) == {"passive": 39, "active": 41, "active+passive": 1}
    assert sorted(h.name for h in HEROES.values() if not h.male) == sorted(["黃月英", "貂蟬", "蔡琰", "祝融"])
    assert (HEROES["馬鈞"].mov, HEROES["兀突骨"].hp, HEROES["呂布"].en_max) == (1, 10, 0)


def test_t14_1_hero_data_that_does_not_add_up_is_refused_at_load(tmp_path):
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data["heroes"][0]["skills"][0]["kind"] = "passive"
    broken = tmp_path / "heroes.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="T14.1"):
        load(broken)


def test_t18_1_the_rolls_of_the_test_vectors():
    zero, example = "0" * 64, "fbee76acb4b4bc62095fa64af180f008605c11858f60bcebdbd62626f45548a7"
    assert commitment(zero) == "60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55"
    assert commitment(example) == "c375a9b48279e2b3c9bd04727d117fa48d0cc771501d037820b2f3a2f687fe07"
    assert [roll(zero, k) for k in range(10)] == [4, 6, 4, 6, 4, 6, 6, 1, 4, 5]
    assert [roll(example, k) for k in range(12)] == [5, 5, 6, 5, 1, 2, 6, 1, 5, 4, 5, 4]
    assert (roll(zero, 102), roll(example, 91)) == (1, 5)


def test_t18_1_a_seed_that_does_not_match_its_commitment_is_refused():
    with pytest.raises(TacticsViolation) as refusal:
        check_seed("0" * 64, "1" * 64)
    assert refusal.value.clause == "T18.1"
