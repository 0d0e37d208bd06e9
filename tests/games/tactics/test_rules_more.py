"""The clauses the other files do not name (docs/tactics.md): the whole game played by a bot from
the legal actions and replayed from its record, setup, statuses, deaths and the end."""

import random

import pytest

from games.tactics.errors import TacticsViolation
from games.tactics.heroes import HEROES
from games.tactics.legal import legal_actions
from games.tactics.record import Match
from games.tactics.replay import replay
from games.tactics.setup import start
from games.tactics.skills.use import HANDLERS
from games.tactics.state import final_state
from games.tactics.statuses import inflict
from tests.games.tactics.positions import act, game_with, next_roll, refusal, turn

SIDES = {
    "first": {
        "heroes": [{"hero": "張遼", "skills": [1, 3], "cell": "d1"}, {"hero": "呂布", "skills": [1, 2], "cell": "f1"}]
    },
    "second": {
        "heroes": [{"hero": "甘寧", "skills": [1, 3], "cell": "d9"}, {"hero": "關羽", "skills": [1, 3], "cell": "f9"}]
    },
}


@pytest.mark.parametrize("seed", ["0" * 64, "fbee76acb4b4bc62095fa64af180f008605c11858f60bcebdbd62626f45548a7"])
def test_t1_a_bot_plays_a_whole_game_from_the_legal_actions_and_its_record_replays_to_the_same_state(seed):
    """T1, T18.2, T18.3: every action the legal list offers is accepted, the game ends (a base or
    the round limit), and the record it wrote replays to the same final state."""
    match = Match.new(SIDES, settings={"heroes_per_side": 2, "round_limit": 4}, seed=seed)
    chooser = random.Random(seed)
    for _ in range(400):
        if match.game.result is not None:
            break
        options = legal_actions(match.game)
        attacks = [a for a in options if a["act"] in ("attack", "skill")]
        match.play(chooser.choice(attacks or options))
    assert match.game.result is not None
    assert replay(match.record) == final_state(match.game)


def test_t18_1_the_seed_is_hidden_until_the_game_ends():
    match = Match.new(SIDES, settings={"heroes_per_side": 2})
    assert "seed" not in match.public() and len(match.public()["commitment"]) == 64
    match.play({"act": "resign", "side": "first"})
    assert match.public()["seed"] == match.record["seed"]


def test_t18_2_a_malformed_action_is_refused_and_changes_nothing():
    match = Match.new(SIDES, settings={"heroes_per_side": 2})
    with pytest.raises(TacticsViolation) as refusal_:
        match.play({"act": "turn", "side": "first", "hero": "張遼", "path": ["d2"]})
    assert (refusal_.value.clause, match.record["actions"]) == ("T18.2", [])


def test_t2_1_and_t2_6_the_first_side_acts_first_and_chooses_which_hero_acts_next():
    game = game_with({"張遼": ((1, 3), "a3"), "呂布": ((1, 2), "b3")}, {"甘寧": ((1, 3), "a7"), "關羽": ((1, 3), "b7")})
    assert refusal(game, game.unit("second", "甘寧"), "turn") == "T5.1"
    lu = turn(game, "first", "呂布")
    assert game.turn == ("first", "呂布", False) and lu.acted


def test_t3_3_charge_needs_the_same_row_or_column():
    game = game_with({"關羽": ((1, 3), "b2")}, {"黃蓋": ((1, 2), "c4")})
    guan = turn(game, "first", "關羽")
    guan.en = 4
    assert refusal(game, guan, "skill", skill=1, target="c4") == "T14.4"


def test_t3_4_and_t3_5_an_attack_from_plain_has_no_bonus_of_its_own():
    game = game_with({"張遼": ((2, 3), "c4")}, {"關羽": ((2, 3), "c5")})
    assert [game.board.terrain(c) for c in ("c4", "e5", "a7", "b4", "e1")] == [
        "plain",
        "mountain",
        "water",
        "forest",
        "base",
    ]
    act(game, turn(game, "first", "張遼"), "attack", target="c5")
    assert game.unit("second", "關羽").hp == 8


def test_t3_6_a_hero_on_a_mountain_reaches_one_further_and_climbing_costs_two():
    game = game_with({"張遼": ((2, 3), "d4")}, {"關羽": ((2, 3), "e7")})
    zhang = turn(game, "first", "張遼")
    act(game, zhang, "move", path=["d5", "e5"])
    assert refusal(game, zhang, "attack", target="e8") == "T7.1"
    act(game, zhang, "attack", target="e7")
    assert game.unit("second", "關羽").hp == 8


def test_t3_9_and_t8_7_no_hero_is_put_on_a_base_or_an_occupied_cell():
    game = game_with({"孟獲": ((1, 2), "e2"), "張遼": ((2, 3), "d2")}, {"關羽": ((2, 3), "e3"), "黃蓋": ((1, 2), "i9")})
    meng = turn(game, "first", "孟獲")
    meng.en = 1
    assert refusal(game, meng, "skill", skill=1, target="e3", cell="g2") == "T14.4"
    assert refusal(game, meng, "skill", skill=1, target="e3", cell="e1") == "T8.7"
    assert refusal(game, meng, "skill", skill=1, target="e3", cell="d2") == "T8.7"


def test_t3_10_and_t12_4_a_dead_hero_with_no_free_spawn_point_waits_a_turn():
    hero = {"skills": [1, 3]}
    record = {
        "format": "sanguo-tactics/1",
        "map": {"name": "narrow", "rows": ["..B..", ".....", "..B.."]},
        "seed": "0" * 64,
        "actions": [],
        "sides": {
            "first": {
                "heroes": [{**hero, "hero": h, "cell": c} for h, c in (("張遼", "a1"), ("甘寧", "b1"), ("關羽", "d1"))]
            },
            "second": {
                "heroes": [{**hero, "hero": h, "cell": c} for h, c in (("張遼", "a3"), ("甘寧", "b3"), ("關羽", "d3"))]
            },
        },
    }
    game = start(record)
    game.unit("first", "張遼").cell = None
    game.unit("second", "張遼").cell, game.unit("second", "甘寧").cell = "a1", "e1"
    turn(game, "first", "張遼")
    assert (game.turn, game.due, game.unit("first", "張遼").cell) == (None, None, None)


def test_t4_1_a_hero_starts_with_full_hp_and_no_en_and_t14_2_its_numbers_are_the_datas():
    game = game_with({"馬鈞": ((1, 2), "a1")}, {"孟獲": ((1, 2), "a9")})
    ma, meng = game.unit("first", "馬鈞"), game.unit("second", "孟獲")
    assert (game.mov_of(ma), ma.hp, ma.hp_max, ma.en, ma.en_max) == (1, 7, 7, 0, 3)
    assert (game.mov_of(meng), meng.hp, meng.en_max) == (HEROES["孟獲"].mov, 10, 1)


def test_t4_3_en_never_rises_above_its_maximum():
    game = game_with({"張遼": ((1, 3), "a3")}, {"甘寧": ((1, 3), "a7")})
    zhang = turn(game, "first", "張遼")
    zhang.en = 3
    act(game, zhang, "end")
    assert zhang.en == 4


def test_t4_5_a_status_given_again_lasts_to_the_later_end_once_and_slow_stacks():
    """T4.5 and the decision of T16 on a status given again."""
    game = game_with({"張遼": ((1, 3), "a3")}, {"甘寧": ((1, 3), "a7")})
    gan = game.unit("second", "甘寧")
    inflict(gan, "root")
    gan.turns += 1
    inflict(gan, "root")
    inflict(gan, "slow")
    inflict(gan, "slow")
    assert sorted(gan.statuses) == [("root", 2), ("slow", 2), ("slow", 2)]


def test_t4_7_a_rooted_hero_may_still_relocate_by_a_skill():
    game = game_with({"張遼": ((2, 3), "e2")}, {"關羽": ((2, 3), "e6")})
    zhang = game.unit("first", "張遼")
    zhang.statuses = [("root", 1)]
    turn(game, "first", "張遼")
    zhang.en = 3
    act(game, zhang, "skill", skill=3, target="e6", cell="e5")
    assert zhang.cell == "e5"


def test_t5_3_a_hero_that_dies_in_its_own_turn_ends_it_at_once():
    game = game_with({"關羽": ((2, 3), "e5")}, {"司馬懿": ((2, 3), "e6")})
    guan = turn(game, "first", "關羽")
    guan.hp = 1
    act(game, guan, "attack", target="e6")
    assert (guan.cell, game.turn, game.phase, game.bases["first"]) == (None, None, "second", 4 - 3)


def test_t5_4_the_extra_turn_of_bewitch_gives_no_en_and_returns_to_diaochan():
    game = game_with({"貂蟬": ((1, 3), "e4")}, {"張遼": ((2, 3), "e5")})
    diao = turn(game, "first", "貂蟬")
    diao.en = 4
    act(game, diao, "skill", skill=1, target="e5")
    zhang = game.unit("second", "張遼")
    assert game.turn == ("second", "張遼", True)
    act(game, zhang, "end")
    assert (zhang.en, game.turn) == (0, ("first", "貂蟬", False))


def test_t5_5_a_confused_hero_still_gets_its_en_back():
    game = game_with({"張遼": ((1, 3), "a3")}, {"甘寧": ((1, 3), "a7")})
    game.unit("first", "張遼").statuses = [("confusion", 1)]
    zhang = turn(game, "first", "張遼")
    act(game, zhang, "end")
    assert (zhang.en, zhang.statuses) == (2, [])


def test_t6_4_and_t6_5_a_pulled_hero_has_not_moved_and_an_array_stops_the_pull():
    game = game_with(
        {"黃蓋": ((1, 2), "b2"), "諸葛亮": ((1, 3), "a1")}, {"龐統": ((2, 3), "b5"), "關羽": ((2, 3), "i9")}
    )
    game.arrays["b4"] = "first"
    huang = turn(game, "first", "黃蓋")
    huang.en = 2
    act(game, huang, "skill", skill=1, target="b5")
    pang = game.unit("second", "龐統")
    assert (pang.cell, pang.hp, pang.has_status("root"), pang.moved) == ("b4", 7 - 2, True, False)


def test_t7_3_and_t7_5_peerless_deals_its_bonus_to_each_target_as_its_own_event():
    game = game_with({"呂布": ((2, 3), "e4"), "張遼": ((1, 3), "a1")}, {"關羽": ((2, 3), "e5"), "黃蓋": ((1, 2), "d4")})
    lu = turn(game, "first", "呂布")
    act(game, lu, "attack", target="e5", second="d4")
    assert (game.unit("second", "關羽").hp, game.unit("second", "黃蓋").hp, lu.attacks) == (7, 7, 0)


def test_t8_1_a_passive_is_not_used_as_a_skill():
    game = game_with({"張遼": ((1, 3), "a3")}, {"甘寧": ((1, 3), "a7")})
    assert refusal(game, turn(game, "first", "張遼"), "skill", skill=1) == "T8.1"


def test_t8_3_and_t8_4_a_skill_names_a_target_of_its_kind_within_its_range():
    game = game_with({"關羽": ((2, 3), "e4"), "張遼": ((1, 3), "e5")}, {"黃蓋": ((1, 2), "e7"), "甘寧": ((1, 3), "a9")})
    guan = turn(game, "first", "關羽")
    guan.en = 4
    assert refusal(game, guan, "skill", skill=3, target="e5") == "T8.4"
    assert refusal(game, guan, "skill", skill=3, target="e7") == "T8.3"


def test_t9_1_t9_2_and_t11_2_fire_is_one_more_in_sun_and_nothing_on_water():
    game = game_with({"諸葛亮": ((1, 2), "a4")}, {"甘寧": ((1, 3), "a6")}, weather="sunny")
    zhuge = turn(game, "first", "諸葛亮")
    zhuge.en = 5
    act(game, zhuge, "skill", skill=2, target="a6")
    assert game.unit("second", "甘寧").hp == 9


def test_t9_4_and_t10_1_war_god_checks_at_zero_before_the_deaths():
    game = game_with({"關羽": ((2, 3), "e5")}, {"張飛": ((1, 2), "e6")})
    guan, zhang = turn(game, "first", "關羽"), game.unit("second", "張飛")
    zhang.hp = 1
    next_roll(game, 3)
    act(game, guan, "attack", target="e6")
    assert (zhang.cell, game.bases["second"]) == (None, 6 - 3)


def test_t9_6_and_t12_1_hunts_end_of_turn_loss_can_kill_and_the_dead_lose_everything():
    game = game_with({"孟獲": ((2, 3), "b4")}, {"甘寧": ((1, 3), "a9")})
    meng = game.unit("first", "孟獲")
    meng.statuses = [("slow", 1)]
    turn(game, "first", "孟獲")
    meng.hp = 1
    act(game, meng, "end")
    assert (meng.cell, meng.statuses, meng.en, game.bases["first"]) == (None, [], 0, 1)


def test_t10_2_the_dice_come_from_the_committed_seed_only():
    game = game_with({"張遼": ((1, 3), "a3")}, {"甘寧": ((1, 3), "a7")})
    assert (game.rolls, game.weather) == (1, "sunny")  # roll 0 (4, overcast) was made; the test set sun


def test_t10_3_illusion_compares_with_the_current_max_en_bonuses_included():
    game = game_with(
        {"張角": ((2, 3), "e4"), "張遼": ((1, 3), "a1")},
        {"貂蟬": ((2, 3), "a9", {"hero": "張飛"}), "張飛": ((1, 2), "e6")},
        weather="overcast",
    )
    zhang = turn(game, "first", "張角")
    zhang.en = 5
    next_roll(game, 2)
    act(game, zhang, "skill", skill=3)
    assert game.unit("second", "張飛").en_max == 2 and game.unit("second", "張飛").has_status("confusion")


def test_t12_5_bases_start_at_3n_plus_1_and_3n_plus_3():
    game = game_with({"張遼": ((1, 3), "a3"), "呂布": ((1, 2), "b3")}, {"甘寧": ((1, 3), "a7"), "關羽": ((1, 3), "b7")})
    assert game.bases == {"first": 7, "second": 9}


def test_t13_2_both_bases_at_zero_in_one_step_draw():
    game = game_with(
        {"馬鈞": ((1, 2), "e2"), "張遼": ((1, 3), "d6")},
        {"關羽": ((2, 3), "e6"), "黃蓋": ((1, 2), "i9")},
        base_first=3,
        base_second=3,
    )
    ma = turn(game, "first", "馬鈞")
    ma.en, game.unit("first", "張遼").hp, game.unit("second", "關羽").hp = 2, 1, 1
    act(game, ma, "skill", skill=1, target="e6")
    assert game.result == {"outcome": "draw", "reason": "bases"}


def test_t14_3_every_active_skill_has_its_effect_in_the_engine():
    actives = {s.name for h in HEROES.values() for s in h.skills if s.active}
    assert actives - set(HANDLERS) == {"奪權", "反計", "援護"}  # copies and the reaction have their own modules


def test_t15_a_game_may_set_the_mountains_cost():
    game = game_with({"張遼": ((1, 3), "d4")}, {"甘寧": ((1, 3), "a7")}, mountain_cost=1)
    zhang = turn(game, "first", "張遼")
    act(game, zhang, "move", path=["d5", "e5", "f5", "f6"])
    assert zhang.cell == "f6"


def test_t16_the_decisions_refuse_a_roar_at_nobody_and_first_aid_at_full_hp_for_free():
    game = game_with({"張飛": ((2, 3), "e2"), "華佗": ((1, 2), "a1")}, {"關羽": ((2, 3), "e8"), "黃蓋": ((1, 2), "i9")})
    zhang = turn(game, "first", "張飛")
    zhang.en = 1
    assert refusal(game, zhang, "skill", skill=3) == "T8.4"
    act(game, zhang, "end")
    hua = turn(game, "first", "華佗")
    hua.en = 2
    assert refusal(game, hua, "skill", skill=1, target="e2") == "T9.5"
    assert (zhang.hp, hua.en) == (9, 2)


def test_t18_2_a_written_record_omits_the_settings_that_repeat_the_defaults():
    settings = {"heroes_per_side": 2, "round_limit": 30, "base_second": 9, "mountain_cost": 1}
    match = Match.new(SIDES, settings=settings, seed="0" * 64)
    assert match.record["settings"] == {"heroes_per_side": 2, "mountain_cost": 1}
