"""The preview of an attack or a skill (games/tactics/preview.py), shown on the game page before
its player confirms it: the damage as the terrain (T7.3) and the weather (T11) make it, the cells
covered, and nothing of the game's own rolls told or used (T18.1)."""

import copy

import pytest

from games.tactics.errors import TacticsViolation
from games.tactics.preview import preview
from games.tactics.state import final_state
from tests.games.tactics.positions import act, game_with, turn


def hp_of(seen: dict, hero: str) -> list[int]:
    return next(h["hp"] for h in seen["heroes"] if h["hero"] == hero)


def attack(unit, cell: str) -> dict:
    return {"act": "attack", "side": unit.side, "hero": unit.name, "target": cell}


@pytest.mark.parametrize(("cell", "hp_after"), [("e5", 7), ("d5", 8)])
def test_t7_3_a_preview_shows_the_attack_s_damage_on_the_attacker_s_terrain(cell, hp_after):
    """魏延's 奇謀 adds a strike from a mountain (e5), none from the plain (d5); the game is unchanged."""
    game = game_with({"魏延": ([1, 2], cell)}, {"甘寧": ([1, 3], "d6" if cell == "d5" else "e6")})
    wei = turn(game, "first", "魏延")
    before = final_state(game)
    seen = preview(game, attack(wei, "d6" if cell == "d5" else "e6"))
    assert hp_of(seen, "甘寧") == [9, hp_after]
    assert seen["cells"] == ["d6" if cell == "d5" else "e6"] and seen["dice"] == 0
    assert final_state(game) == before


@pytest.mark.parametrize(("weather", "hp_after"), [("sunny", 5), ("overcast", 6)])
def test_t11_a_preview_shows_fire_made_stronger_by_the_sun(weather, hp_after):
    """黃蓋's 火箭 arms his next attack with 2 fire: 1 strike + 2 fire, and +1 fire when sunny."""
    game = game_with({"黃蓋": ([1, 3], "d3")}, {"甘寧": ([1, 3], "d4")}, weather=weather)
    huang = turn(game, "first", "黃蓋")
    huang.en = huang.en_max
    act(game, huang, "skill", skill=3)
    assert hp_of(preview(game, attack(huang, "d4")), "甘寧") == [9, hp_after]


def test_t7_4_a_preview_of_an_attack_on_the_base_shows_its_loss():
    game = game_with({"呂布": ([1, 2], "e8")}, {"甘寧": ([1, 3], "a9")})
    lu = turn(game, "first", "呂布")
    seen = preview(game, attack(lu, "e9"))
    assert seen["bases"] == {"second": [6, 5]}  # 3N+3 with one hero a side (T12.5) and seen["cells"] == ["e9"]


def test_t18_1_a_preview_neither_uses_nor_tells_the_game_s_rolls():
    """兀突骨's 恐怖 makes a check after his attack: the preview says a die is rolled, rolls its own,
    and gives the same answer whatever the game's seed; the game's dice do not move."""
    answers = []
    for seed in ("0" * 64, "f" * 64):
        game = game_with({"兀突骨": ([1, 3], "d3")}, {"甘寧": ([1, 3], "d4")})
        game.seed = seed
        wu = turn(game, "first", "兀突骨")
        rolls, kept = game.rolls, copy.deepcopy(final_state(game))
        answers.append(preview(game, attack(wu, "d4")))
        assert game.rolls == rolls and final_state(game) == kept
    assert answers[0] == answers[1] and answers[0]["dice"] == 1


def test_t7_2_a_preview_of_an_illegal_attack_is_refused_with_its_clause():
    game = game_with({"呂布": ([1, 2], "e3")}, {"甘寧": ([1, 3], "a9")})
    lu = turn(game, "first", "呂布")
    with pytest.raises(TacticsViolation) as refused:
        preview(game, attack(lu, "a9"))
    assert refused.value.clause == "T7.2"
