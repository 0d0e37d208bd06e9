"""The skills of heroes 19–27 (docs/tactics.md T14.3, T14.4): 馬鈞, 孟獲, 祝融, 魏延, 司馬懿, 姜維,
趙雲, 鄧艾, 夏侯淵, each on a literal position, with the clause of each refusal."""

from games.tactics.actions import apply
from games.tactics.legal import covers, legal_actions
from tests.games.tactics.positions import act, game_with, next_roll, refusal, turn

GUAN = {"關羽": ((2, 3), "e6")}  # 水淹, 威震: no passive of its own
TWO = {"關羽": ((2, 3), "e6"), "黃蓋": ((1, 2), "i9")}


def test_t14_4_catapult_on_a_check_of_3_hits_everyone_in_the_plus_but_not_in_forest():
    game = game_with({"馬鈞": ((1, 3), "e2"), "張遼": ((2, 3), "d6")}, {"關羽": ((2, 3), "e6"), "黃蓋": ((1, 2), "f7")})
    ma = turn(game, "first", "馬鈞")
    ma.en = 4
    assert refusal(game, ma, "skill", skill=1, target="e3") == "T8.3"
    next_roll(game, 2)
    act(game, ma, "skill", skill=1, target="e6")
    assert game.unit("second", "關羽").hp == 9  # a check of 2 fails
    next_roll(game, 3)
    act(game, ma, "skill", skill=1, target="e6")
    hp = [game.unit(s, h).hp for s, h in (("first", "張遼"), ("second", "關羽"), ("second", "黃蓋"))]
    assert hp == [9 - 2, 9 - 3, 9]  # 改裝's 3; 張遼's 堅守 takes 1; 黃蓋 stands in forest f7


def test_t14_4_old_hand_needs_no_check_and_makes_catapult_unavoidable():
    game = game_with({"馬鈞": ((1, 2), "e2"), "張遼": ((2, 3), "a1")}, {"張遼": ((2, 3), "e6"), "黃蓋": ((1, 2), "i9")})
    ma = turn(game, "first", "馬鈞")
    ma.en, rolls = 2, game.rolls
    act(game, ma, "skill", skill=1, target="e6")
    assert (game.unit("second", "張遼").hp, game.rolls) == (7, rolls)


def test_t14_4_refit_gives_mov_hp_and_catapult_2_to_6_for_3():
    game = game_with({"馬鈞": ((1, 3), "e5")}, {"關羽": ((2, 3), "e7")})
    ma = turn(game, "first", "馬鈞")
    assert (game.mov_of(ma), ma.hp_max) == (2, 8)
    ma.en = 2
    next_roll(game, 5)
    act(game, ma, "skill", skill=1, target="e7")
    assert game.unit("second", "關羽").hp == 6


def test_t14_4_bear_hug_strikes_and_puts_the_target_next_to_meng_huo():
    game = game_with({"孟獲": ((1, 2), "e4")}, {"關羽": ((2, 3), "e5")})
    meng = turn(game, "first", "孟獲")
    meng.en = 1
    assert refusal(game, meng, "skill", skill=1, target="e5", cell="e7") == "T14.4"
    act(game, meng, "skill", skill=1, target="e5", cell="d4")
    assert (game.unit("second", "關羽").cell, game.unit("second", "關羽").hp) == ("d4", 8)


def test_t7_7_harass_takes_two_en_with_the_next_attack_this_turn():
    game = game_with({"孟獲": ((1, 2), "e4")}, {"關羽": ((2, 3), "e5")})
    meng, guan = turn(game, "first", "孟獲"), game.unit("second", "關羽")
    guan.en = 3
    act(game, meng, "skill", skill=2)
    act(game, meng, "attack", target="e5")
    assert (guan.en, guan.hp, meng.pending) == (1, 8, set())


def test_t14_4_hunt_heals_3_at_the_start_and_costs_1_at_the_end_off_a_plain():
    game = game_with({"孟獲": ((2, 3), "b4")}, GUAN)
    meng = game.unit("first", "孟獲")
    meng.hp = 5
    turn(game, "first", "孟獲")
    assert meng.hp == 8
    act(game, meng, "end")
    assert meng.hp == 7


def test_t14_4_flying_knives_hit_2_and_cannot_target_a_hero_in_forest():
    game = game_with({"祝融": ((1, 3), "f5")}, {"關羽": ((2, 3), "f7")}, weather="overcast")
    zhu = turn(game, "first", "祝融")
    zhu.en = 2
    assert refusal(game, zhu, "skill", skill=1, target="f7") == "T14.4"
    game.unit("second", "關羽").cell = "f6"
    act(game, zhu, "skill", skill=1, target="f6")
    assert game.unit("second", "關羽").hp == 7


def test_t14_4_shadow_strike_adds_range_and_two_strike_from_forest():
    game = game_with({"祝融": ((1, 2), "f7")}, {"關羽": ((2, 3), "f9")})
    act(game, turn(game, "first", "祝融"), "attack", target="f9")
    assert game.unit("second", "關羽").hp == 9 - 3


def test_t14_4_vanish_appears_in_a_forest_within_3_and_is_refused_in_sun():
    game = game_with({"祝融": ((1, 3), "f4")}, GUAN, weather="sunny")
    zhu = turn(game, "first", "祝融")
    zhu.en = 2
    assert refusal(game, zhu, "skill", skill=3, target="f7") == "T8.5"
    game.weather = "overcast"
    assert refusal(game, zhu, "skill", skill=3, target="f5") == "T14.4"
    act(game, zhu, "skill", skill=3, target="f7")
    assert (zhu.cell, zhu.pending) == ("f7", {"遁形"})


def test_t14_4_daring_plan_makes_mountains_cost_1_and_adds_a_strike_there():
    game = game_with({"魏延": ((1, 2), "e4")}, {"關羽": ((2, 3), "f5")})
    wei = turn(game, "first", "魏延")
    act(game, wei, "move", path=["e5"])
    act(game, wei, "attack", target="f5")
    assert game.unit("second", "關羽").hp == 9 - 2


def test_t14_4_majesty_hurts_and_seals_every_enemy_within_2():
    game = game_with({"魏延": ((2, 3), "e4")}, GUAN)
    wei = turn(game, "first", "魏延")
    wei.en = 4
    act(game, wei, "skill", skill=2)
    guan = game.unit("second", "關羽")
    assert (guan.hp, guan.has_status("seal")) == (8, True)


def test_t14_4_lone_wolf_heals_one_and_adds_a_strike_with_no_ally_within_2():
    game = game_with({"魏延": ((2, 3), "e4")}, {"關羽": ((2, 3), "e5")})
    wei = turn(game, "first", "魏延")
    wei.hp = 5
    act(game, wei, "attack", target="e5")
    assert (wei.hp, game.unit("second", "關羽").hp) == (6, 7)


def test_t14_4_steadfast_pays_damage_from_en_first():
    game = game_with({"關羽": ((2, 3), "e4")}, {"司馬懿": ((1, 3), "e6")})
    guan, sima = turn(game, "first", "關羽"), game.unit("second", "司馬懿")
    guan.en, sima.en = 4, 2
    guan.cell = "e5"
    act(game, guan, "skill", skill=3, target="e6")
    assert (sima.en, sima.hp) == (1, 8)


def test_t14_4_forbearance_hits_back_1_for_an_attack_and_2_for_a_skill():
    game = game_with({"關羽": ((2, 3), "e5")}, {"司馬懿": ((2, 3), "e6")})
    guan = turn(game, "first", "關羽")
    act(game, guan, "attack", target="e6")
    assert guan.hp == 8
    guan.en = 4
    act(game, guan, "skill", skill=3, target="e6")
    assert guan.hp == 6


def test_t14_4_usurp_copies_an_adjacent_allys_skill_and_pays_its_cost():
    game = game_with(
        {"司馬懿": ((1, 3), "e4"), "關羽": ((2, 3), "d4")}, {"張遼": ((2, 3), "e5"), "黃蓋": ((1, 2), "i9")}
    )
    sima = turn(game, "first", "司馬懿")
    sima.en = 4
    act(game, sima, "skill", skill=3, **{"from": "d4", "copy": 3, "target": "e5"})
    zhang = game.unit("second", "張遼")
    assert (sima.en, zhang.hp, zhang.has_status("confusion")) == (0, 8, True)


def test_t14_4_counter_plan_copies_an_adjacent_enemys_skill():
    game = game_with({"姜維": ((1, 2), "e4")}, {"關羽": ((2, 3), "e5")})
    jiang = turn(game, "first", "姜維")
    jiang.en = 4
    assert refusal(game, jiang, "skill", skill=1, **{"from": "e5", "copy": 1, "target": "e5"}) == "T14.4"
    act(game, jiang, "skill", skill=1, **{"from": "e5", "copy": 3, "target": "e5"})
    assert game.unit("second", "關羽").has_status("confusion")


def test_t14_4_inherited_will_grows_with_each_death_on_its_side():
    game = game_with({"姜維": ((2, 3), "a1"), "張遼": ((1, 3), "e5")}, {"關羽": ((2, 3), "e6"), "黃蓋": ((1, 2), "i9")})
    jiang = game.unit("first", "姜維")
    jiang.hp, game.unit("first", "張遼").hp = 5, 1
    guan = turn(game, "second", "關羽")
    act(game, guan, "attack", target="e5")
    assert (jiang.hp_max, jiang.hp, jiang.en_max, jiang.en) == (9, 7, 6, 2)


def test_t9_3_lone_courage_adds_and_takes_off_x():
    game = game_with({"姜維": ((2, 3), "e4")}, {"關羽": ((2, 3), "e5")})
    jiang = turn(game, "first", "姜維")
    act(game, jiang, "attack", target="e5")
    assert game.unit("second", "關羽").hp == 9 - 2


def test_t14_4_spear_god_adds_distance_less_one_in_a_line():
    game = game_with({"趙雲": ((1, 2), "e4")}, {"關羽": ((2, 3), "e6")})
    act(game, turn(game, "first", "趙雲"), "attack", target="e6")
    assert game.unit("second", "關羽").hp == 9 - 2


def test_t14_4_all_courage_is_immune_to_attack_strikes_at_4_hp_or_less():
    game = game_with({"關羽": ((2, 3), "e5")}, {"趙雲": ((2, 3), "e6")})
    zhao = game.unit("second", "趙雲")
    zhao.hp = 4
    act(game, turn(game, "first", "關羽"), "attack", target="e6")
    assert zhao.hp == 4


def test_t14_4_cover_takes_the_attack_on_an_adjacent_ally():
    game = game_with({"關羽": ((2, 3), "e4"), "張遼": ((1, 3), "a1")}, {"趙雲": ((1, 3), "f5"), "黃蓋": ((1, 2), "e5")})
    guan, zhao = turn(game, "first", "關羽"), game.unit("second", "趙雲")
    zhao.en = 1
    attack = {"act": "attack", "side": "first", "hero": "關羽", "target": "e5"}
    apply(game, attack, [{"act": "react", "side": "second", "hero": "趙雲", "skill": 3, "target": "e5"}])
    assert (zhao.hp, zhao.en, game.unit("second", "黃蓋").hp, guan.attacks) == (8, 0, 9, 0)


def test_t6_2_secret_crossing_enters_mountains_free_and_gains_en_per_attack():
    game = game_with({"鄧艾": ((1, 2), "e4")}, {"關羽": ((2, 3), "f5")})
    deng = turn(game, "first", "鄧艾")
    act(game, deng, "move", path=["e5"])
    act(game, deng, "attack", target="f5")
    assert (deng.en, game.unit("second", "關羽").hp) == (1, 9 - 3)


def test_t14_4_descent_appears_next_to_the_target_and_confuses_it():
    game = game_with({"鄧艾": ((2, 3), "e2")}, GUAN)
    deng = turn(game, "first", "鄧艾")
    deng.en = 4
    act(game, deng, "skill", skill=3, target="e6", cell="d6")
    assert (deng.cell, game.unit("second", "關羽").has_status("confusion")) == ("d6", True)


def test_t6_2_godspeed_crosses_plains_free_and_strikes_one_more_on_plain():
    game = game_with({"夏侯淵": ((1, 2), "a1")}, {"關羽": ((2, 3), "e3")})
    xia = turn(game, "first", "夏侯淵")
    act(game, xia, "move", path=["a2", "b2", "b3", "c3", "c4", "d4", "e4"])
    act(game, xia, "attack", target="e3")
    assert (xia.cell, game.unit("second", "關羽").hp) == ("e4", 7)


def test_t5_2_back_to_back_gives_one_more_normal_attack():
    game = game_with({"夏侯淵": ((2, 3), "e4")}, {"關羽": ((2, 3), "e5")})
    xia = turn(game, "first", "夏侯淵")
    xia.en = 2
    act(game, xia, "attack", target="e5")
    act(game, xia, "skill", skill=2)
    act(game, xia, "attack", target="e5")
    assert game.unit("second", "關羽").hp == 7


def test_t12_3_elation_grows_with_each_kill_of_his_own():
    game = game_with({"夏侯淵": ((2, 3), "e4")}, {"關羽": ((2, 3), "e5")})
    xia, guan = turn(game, "first", "夏侯淵"), game.unit("second", "關羽")
    guan.hp, xia.hp = 1, 5
    act(game, xia, "attack", target="e5")
    assert (guan.cell, xia.hp_max, xia.hp, xia.en_max, xia.en) == (None, 10, 7, 3, 2)


def test_t18_3_the_legal_actions_list_counter_plans_copies_of_the_adjacent_enemys_skills():
    game = game_with({"姜維": ((1, 2), "e4")}, {"關羽": ((2, 3), "e5")})
    jiang = turn(game, "first", "姜維")
    jiang.en = 4
    copies = [a for a in legal_actions(game) if a.get("from") == "e5"]
    assert {
        "act": "skill",
        "side": "first",
        "hero": "姜維",
        "skill": 1,
        "from": "e5",
        "copy": 3,
        "target": "e5",
    } in copies
    assert {a["copy"] for a in copies} == {3}  # 水淹 needs water under 姜維; 威震 is the one he can copy


def test_t14_4_surprise_raid_adds_two_strike_on_a_mountain_and_one_in_forest():
    game = game_with({"鄧艾": ((2, 3), "f7")}, {"關羽": ((2, 3), "f8")})
    act(game, turn(game, "first", "鄧艾"), "attack", target="f8")
    assert game.unit("second", "關羽").hp == 9 - 2
    game = game_with({"鄧艾": ((2, 3), "e5")}, {"關羽": ((2, 3), "e6")})
    act(game, turn(game, "first", "鄧艾"), "attack", target="e6")
    assert game.unit("second", "關羽").hp == 9 - 3


def test_t14_4_cover_is_offered_for_an_attacked_ally_next_to_zhao_yun_only():
    game = game_with({"關羽": ((2, 3), "e4"), "張遼": ((1, 3), "a1")}, {"趙雲": ((1, 3), "f5"), "黃蓋": ((1, 2), "e5")})
    turn(game, "first", "關羽")
    game.unit("second", "趙雲").en = 1
    offered = covers(game, {"act": "attack", "side": "first", "hero": "關羽", "target": "e5"})
    assert offered == [{"act": "react", "side": "second", "hero": "趙雲", "skill": 3, "target": "e5"}]
    game.unit("second", "趙雲").cell = "g5"
    assert covers(game, {"act": "attack", "side": "first", "hero": "關羽", "target": "e5"}) == []
