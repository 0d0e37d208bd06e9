"""Whose player acts (tactics/rules.py): the side whose hero's turn it is, 貂蟬's side in a 迷魂
extra turn (T14.4: the bewitched hero acts for her side), the side whose hero must drop a skill
when its 劉備 died (T14.4), and the phase's side between turns (T5.1)."""

from games.tactics.legal import legal_actions
from games.tactics.turns import side_to_act
from tests.games.tactics.positions import act, game_with, turn


def test_t14_4_a_bewitched_heros_extra_turn_is_played_by_diaochans_side():
    game = game_with(
        {"貂蟬": ((1, 3), "e4"), "黃月英": ((1, 2), "a1")},
        {"張遼": ((2, 3), "e5"), "甘寧": ((2, 3), "e6")},
    )
    diao = turn(game, "first", "貂蟬")
    assert side_to_act(game) == "first"
    diao.en = 4
    act(game, diao, "skill", skill=1, target="e5")
    assert side_to_act(game) == "first"  # 張遼's extra turn, played by 貂蟬's player
    assert {a["hero"] for a in legal_actions(game)} == {"張遼"}
    act(game, game.unit("second", "張遼"), "end")
    assert side_to_act(game) == "first" and game.turn == ("first", "貂蟬", False)


def test_t14_4_the_side_whose_hero_must_drop_a_skill_acts_in_the_others_turn():
    game = game_with(
        {"劉備": ((1, 3), "e4", {"hero": "關羽", "extra": 1}), "關羽": ((2, 3), "a4")},
        {"甘寧": ((2, 3), "e5"), "黃蓋": ((1, 2), "i9")},
    )
    game.unit("first", "劉備").hp = 1
    gan = turn(game, "second", "甘寧")
    assert side_to_act(game) == "second"
    act(game, gan, "attack", target="e4")
    assert side_to_act(game) == "first"  # 關羽 drops the skill 慧眼 gave him
    assert {(a["act"], a["hero"]) for a in legal_actions(game)} == {("drop", "關羽")}
    act(game, game.unit("first", "關羽"), "drop", skill=2)
    assert side_to_act(game) == "second"


def test_t5_1_between_turns_the_phases_side_acts_and_nobody_once_it_ended():
    game = game_with({"張遼": ((2, 3), "e4")}, {"甘寧": ((2, 3), "e6")}, heroes_per_side=1)
    assert side_to_act(game) == "first"
    act(game, turn(game, "first", "張遼"), "end")
    assert side_to_act(game) == "second"
    game.result = {"outcome": "first", "reason": "resign"}
    assert side_to_act(game) is None
