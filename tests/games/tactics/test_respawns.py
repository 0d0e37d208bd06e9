"""A respawn's activations (docs/tactics.md T12.4, T2.4): skills changed at a respawn, 激勵 and 慧眼
designating again, 繼志's growth lost with the skill."""

from games.tactics.actions import apply
from tests.games.tactics.positions import act, game_with, refusal, turn

FOES = {"關羽": ((2, 3), "a9"), "黃蓋": ((1, 2), "i9")}


def dead_turn(game, side, hero):
    """That hero dead, and its turn begun: its respawn is due."""
    unit = game.unit(side, hero)
    unit.cell, unit.hp = None, 0
    game.phase = side
    apply(game, {"act": "turn", "side": side, "hero": hero})
    return unit


def test_t12_4_diaochan_respawning_with_encourage_gives_its_bonuses_again():
    game = game_with({"貂蟬": ((2, 3), "e4", {"hero": "張遼"}), "張遼": ((1, 3), "a3")}, FOES)
    diao, zhang = game.unit("first", "貂蟬"), game.unit("first", "張遼")
    zhang.hp_max, zhang.hp, zhang.en_max = 9, 9, 4  # as her death left him
    dead_turn(game, "first", "貂蟬")
    act(game, diao, "respawn", cell="b1")
    assert (zhang.hp_max, zhang.hp, zhang.en_max, game.mov_of(zhang)) == (10, 10, 5, 5)


def test_t2_4_a_respawn_may_change_skills_and_qingzhou_dropped_takes_its_max_hp():
    game = game_with({"曹操": ((1, 3), "e4"), "張遼": ((1, 3), "a3")}, FOES)
    cao = game.unit("first", "曹操")
    assert cao.hp_max == 9
    dead_turn(game, "first", "曹操")
    assert refusal(game, cao, "respawn", cell="b1", skills=[3, 3]) == "T2.4"
    act(game, cao, "respawn", cell="b1", skills=[1, 2])
    assert (cao.skills, cao.hp_max, cao.hp) == ([1, 2], 8, 8)


def test_t14_4_inherited_wills_growth_is_lost_with_the_skill_at_a_respawn():
    game = game_with({"姜維": ((2, 3), "e4"), "張遼": ((1, 3), "a3")}, FOES)
    jiang = game.unit("first", "姜維")
    jiang.hp_max, jiang.en_max, jiang.grown = 10, 7, 2
    dead_turn(game, "first", "姜維")
    act(game, jiang, "respawn", cell="b1", skills=[1, 3])
    assert (jiang.hp_max, jiang.en_max, jiang.hp, jiang.en) == (8, 5, 8, 1)


def test_t12_4_a_hero_that_lost_its_keen_eye_skill_while_dead_names_its_skills():
    game = game_with(
        {"劉備": ((1, 3), "e4", {"hero": "張遼", "extra": 2}), "張遼": ((1, 3), "e5")},
        {"關羽": ((2, 3), "e6"), "黃蓋": ((1, 2), "i9")},
    )
    zhang, liu = game.unit("first", "張遼"), game.unit("first", "劉備")
    zhang.cell, liu.hp = None, 1
    game.phase = "second"
    guan = turn(game, "second", "關羽")
    guan.en = 4
    liu.cell = "e5"
    act(game, guan, "skill", skill=3, target="e5")
    assert zhang.must_choose
    act(game, guan, "end")
    act(game, turn(game, "second", "黃蓋"), "end")
    apply(game, {"act": "turn", "side": "first", "hero": "張遼"})
    assert refusal(game, zhang, "respawn", cell="b1") == "T12.4"
    act(game, zhang, "respawn", cell="b1", skills=[1, 2])
    assert zhang.skills == [1, 2]
