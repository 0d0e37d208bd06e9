"""The skills of heroes 10–18 (docs/tactics.md T14.3, T14.4): 陸遜, 劉備, 張飛, 曹操, 華佗, 關羽,
黃蓋, 蔡琰, 張遼, each on a literal position, with the clause of each refusal."""

from tests.games.tactics.positions import act, game_with, next_roll, refusal, turn

GUAN = {"關羽": ((2, 3), "e6")}  # 水淹, 威震: no passive of its own


def test_t14_4_fire_god_adds_one_fire_in_forest_and_lifts_not_in_rain():
    game = game_with(
        {"陸遜": ((1, 2), "a4"), "諸葛亮": ((1, 2), "f5")}, {"關羽": ((2, 3), "f7"), "甘寧": ((2, 3), "i9")}
    )
    zhuge = turn(game, "first", "諸葛亮")
    zhuge.en, game.weather = 5, "rain"
    act(game, zhuge, "skill", skill=2, target="f7")
    assert game.unit("second", "關羽").hp == 9 - 6


def test_t14_4_fire_line_burns_every_enemy_on_the_ray_to_the_edge():
    game = game_with(
        {"陸遜": ((2, 3), "e2"), "張遼": ((2, 3), "e4")},
        {"關羽": ((2, 3), "e3"), "黃蓋": ((1, 2), "e8")},
        weather="overcast",
    )
    lu = turn(game, "first", "陸遜")
    lu.en = 4
    act(game, lu, "skill", skill=2, target="e3")
    assert (game.unit("second", "關羽").hp, game.unit("second", "黃蓋").hp, game.unit("first", "張遼").hp) == (6, 6, 9)


def test_t18_1_composure_is_not_confused_and_makes_no_roll():
    game = game_with({"張角": ((2, 3), "e4")}, {"陸遜": ((2, 3), "e6")}, weather="overcast")
    zhang = turn(game, "first", "張角")
    zhang.en, rolls = 5, game.rolls
    act(game, zhang, "skill", skill=3)
    assert (game.unit("second", "陸遜").statuses, game.rolls) == ([], rolls)


def test_t14_4_keen_eye_activates_an_extra_skill_and_liu_beis_death_opens_a_drop():
    game = game_with(
        {"劉備": ((1, 3), "e4", {"hero": "關羽", "extra": 1}), "關羽": ((2, 3), "a4")},
        {"甘寧": ((2, 3), "e5"), "黃蓋": ((1, 2), "i9")},
    )
    guan = game.unit("first", "關羽")
    assert guan.skills == [1, 2, 3]
    game.unit("first", "劉備").hp = 1
    gan = turn(game, "second", "甘寧")
    act(game, gan, "attack", target="e4")
    assert refusal(game, gan, "end") == "T14.4"
    act(game, guan, "drop", skill=2)
    assert guan.skills == [1, 3]


def test_t14_4_rouse_gives_liu_bei_one_max_hp_and_a_neighbour_range_and_strike():
    game = game_with({"劉備": ((2, 3), "d4"), "張遼": ((2, 3), "e4")}, {"關羽": ((2, 3), "e6"), "黃蓋": ((1, 2), "i9")})
    assert game.unit("first", "劉備").hp_max == 9
    act(game, turn(game, "first", "張遼"), "attack", target="e6")
    assert game.unit("second", "關羽").hp == 9 - 2


def test_t14_4_benevolence_gives_only_what_the_receiver_can_hold():
    game = game_with({"劉備": ((2, 3), "d4"), "張遼": ((2, 3), "a4")}, {"關羽": ((2, 3), "e6"), "黃蓋": ((1, 2), "i9")})
    liu, zhang = turn(game, "first", "劉備"), game.unit("first", "張遼")
    liu.en, zhang.en = 4, 3
    act(game, liu, "skill", skill=3, target="a4", amount=3)
    assert (liu.en, zhang.en) == (3, 4)


def test_t14_4_war_god_adds_two_strike_when_low_and_survives_zero_on_4_or_more():
    game = game_with({"張飛": ((1, 2), "e4")}, GUAN)
    zhang = turn(game, "first", "張飛")
    zhang.hp, zhang.cell = 5, "e5"
    act(game, zhang, "attack", target="e6")
    assert game.unit("second", "關羽").hp == 9 - 3
    act(game, zhang, "end")
    guan = turn(game, "second", "關羽")
    guan.en, zhang.hp = 4, 1
    next_roll(game, 4)
    act(game, guan, "skill", skill=3, target="e5")
    assert (zhang.cell, zhang.hp) == ("e5", 1)


def test_t14_4_exertion_costs_2_hp_and_the_next_attack_hits_every_enemy_in_range():
    game = (
        game_with({"張飛": ((2, 3), "e5")}, {"關羽": ((2, 3), "e6"), "黃蓋": ((1, 2), "d5")}, heroes_per_side=1)
        if False
        else None
    )
    game = game_with({"張飛": ((2, 3), "e5"), "張遼": ((2, 3), "a1")}, {"關羽": ((2, 3), "e6"), "黃蓋": ((2, 3), "d5")})
    zhang = turn(game, "first", "張飛")
    zhang.hp = 2
    assert refusal(game, zhang, "skill", skill=2) == "T8.2"
    zhang.hp = 9
    act(game, zhang, "skill", skill=2)
    act(game, zhang, "attack", target="e6")
    assert (zhang.hp, game.unit("second", "關羽").hp, game.unit("second", "黃蓋").hp) == (7, 8, 8)


def test_t14_4_roar_with_nobody_in_range_is_refused_and_otherwise_paralyses():
    game = game_with({"張飛": ((2, 3), "e2")}, GUAN)
    zhang = turn(game, "first", "張飛")
    zhang.en = 1
    assert refusal(game, zhang, "skill", skill=3) == "T8.4"
    assert (zhang.hp, zhang.en) == (9, 1)
    zhang.cell = "e4"
    act(game, zhang, "skill", skill=3)
    guan = game.unit("second", "關羽")
    assert (zhang.hp, zhang.en, guan.hp, guan.has_status("paralysis")) == (7, 0, 8, True)


def test_t14_4_crafty_hero_hurts_and_slows_every_enemy_within_3():
    game = game_with({"曹操": ((1, 2), "e3")}, GUAN)
    cao = turn(game, "first", "曹操")
    cao.en = 4
    act(game, cao, "skill", skill=1)
    guan = game.unit("second", "關羽")
    assert (guan.hp, guan.slow()) == (7, 2)


def test_t14_4_tiger_leopard_riders_give_mov_and_a_strike_on_plain():
    game = game_with({"曹操": ((2, 3), "a1"), "張遼": ((2, 3), "e4")}, {"關羽": ((2, 3), "e5"), "黃蓋": ((1, 2), "i9")})
    zhang = game.unit("first", "張遼")
    assert game.mov_of(zhang) == 5
    act(game, turn(game, "first", "張遼"), "attack", target="e5")
    assert game.unit("second", "關羽").hp == 9 - 2


def test_t14_4_qingzhou_troops_give_max_hp_and_a_strike_from_forest():
    game = game_with({"曹操": ((1, 3), "a1"), "張遼": ((2, 3), "f7")}, {"關羽": ((2, 3), "f8"), "黃蓋": ((1, 2), "i9")})
    assert game.unit("first", "曹操").hp_max == 9
    act(game, turn(game, "first", "張遼"), "attack", target="f8")
    assert game.unit("second", "關羽").hp == 9 - 2


def test_t9_5_first_aid_heals_2_and_is_refused_at_full_hp():
    game = game_with({"華佗": ((1, 2), "a1"), "張遼": ((2, 3), "i4")}, GUAN | {"黃蓋": ((1, 2), "i9")})
    hua, zhang = turn(game, "first", "華佗"), game.unit("first", "張遼")
    hua.en = 4
    assert refusal(game, hua, "skill", skill=1, target="i4") == "T9.5"
    zhang.hp = 5
    act(game, hua, "skill", skill=1, target="i4")
    assert (zhang.hp, hua.en) == (7, 2)


def test_t14_4_treat_wounds_heals_own_heroes_in_the_area_only():
    game = game_with({"華佗": ((2, 3), "e3"), "張遼": ((2, 3), "e5")}, {"關羽": ((2, 3), "e6"), "黃蓋": ((1, 2), "i9")})
    hua = turn(game, "first", "華佗")
    hua.en, game.unit("first", "張遼").hp, game.unit("second", "關羽").hp = 3, 4, 4
    act(game, hua, "skill", skill=2, target="e5")
    assert (game.unit("first", "張遼").hp, game.unit("second", "關羽").hp) == (7, 4)


def test_t14_4_restore_life_heals_6_within_4():
    game = game_with({"華佗": ((2, 3), "e3"), "張遼": ((2, 3), "e8")}, {"關羽": ((2, 3), "a9"), "黃蓋": ((1, 2), "i9")})
    hua = turn(game, "first", "華佗")
    hua.en, game.unit("first", "張遼").hp = 5, 2
    assert refusal(game, hua, "skill", skill=3, target="e8") == "T8.3"
    game.unit("first", "張遼").cell = "e7"
    act(game, hua, "skill", skill=3, target="e7")
    assert game.unit("first", "張遼").hp == 8


def test_t14_4_charge_runs_to_the_target_deals_1_plus_cells_and_pushes_it():
    game = game_with({"關羽": ((1, 3), "b2")}, {"黃蓋": ((1, 2), "b6")})
    guan = turn(game, "first", "關羽")
    guan.en = 4
    act(game, guan, "skill", skill=1, target="b6")
    huang = game.unit("second", "黃蓋")
    assert (guan.cell, huang.hp, huang.cell) == ("b5", 9 - 4, "b7")


def test_t14_4_flood_hits_the_3_by_3_square_with_3_water():
    game = game_with({"關羽": ((2, 3), "h4")}, {"黃蓋": ((1, 2), "g5")}, weather="overcast")
    guan = turn(game, "first", "關羽")
    guan.en = 4
    act(game, guan, "skill", skill=2, target="h6")
    assert game.unit("second", "黃蓋").hp == 6


def test_t14_4_awe_deals_1_unavoidable_and_confuses():
    game = game_with({"關羽": ((2, 3), "e5")}, {"黃蓋": ((1, 2), "e6")})
    guan = turn(game, "first", "關羽")
    guan.en = 4
    act(game, guan, "skill", skill=3, target="e6")
    huang = game.unit("second", "黃蓋")
    assert (huang.hp, huang.has_status("confusion")) == (8, True)


def test_t14_4_anchor_hook_pulls_the_target_next_to_huang_gai():
    game = game_with({"黃蓋": ((1, 2), "b2")}, {"關羽": ((2, 3), "b5")})
    huang = turn(game, "first", "黃蓋")
    huang.en = 2
    act(game, huang, "skill", skill=1, target="b5")
    assert (game.unit("second", "關羽").cell, game.unit("second", "關羽").hp) == ("b3", 8)


def test_t14_4_self_injury_ruse_costs_hp_and_burns_adjacent_enemies():
    game = game_with({"黃蓋": ((2, 3), "e5")}, GUAN, weather="overcast")
    huang = turn(game, "first", "黃蓋")
    huang.en, huang.hp = 2, 1
    assert refusal(game, huang, "skill", skill=2) == "T8.2"
    huang.hp = 9
    act(game, huang, "skill", skill=2)
    assert (huang.hp, game.unit("second", "關羽").hp) == (8, 7)


def test_t7_7_fire_arrows_add_range_and_fire_to_the_next_attack_and_may_not_stack():
    game = game_with({"黃蓋": ((2, 3), "e4")}, GUAN, weather="overcast")
    huang = turn(game, "first", "黃蓋")
    huang.en = 4
    act(game, huang, "skill", skill=3)
    assert refusal(game, huang, "skill", skill=3) == "T7.7"
    act(game, huang, "attack", target="e6")
    assert (game.unit("second", "關羽").hp, huang.pending) == (9 - 3, set())


def test_t14_4_solace_heals_cai_yan_and_her_neighbours_at_the_end_of_their_turns():
    game = game_with({"蔡琰": ((1, 2), "e4"), "張遼": ((2, 3), "e3")}, {"關羽": ((2, 3), "a9"), "黃蓋": ((1, 2), "i9")})
    zhang = turn(game, "first", "張遼")
    zhang.hp = 5
    act(game, zhang, "end")
    assert zhang.hp == 6
    cai = turn(game, "first", "蔡琰")
    cai.hp = 5
    act(game, cai, "end")
    assert (cai.hp, cai.en) == (6, 1 + 2)  # 提振's 1 at the start, 2 at the end


def test_t14_4_uplift_gives_one_en_at_the_start_of_her_turn():
    game = game_with({"蔡琰": ((2, 3), "e4")}, GUAN)
    cai = turn(game, "first", "蔡琰")
    assert cai.en == 1


def test_t14_4_clear_mind_removes_every_status_from_own_heroes_within_2():
    game = game_with({"蔡琰": ((2, 3), "e4"), "張遼": ((2, 3), "e5")}, {"關羽": ((2, 3), "a9"), "黃蓋": ((1, 2), "i9")})
    cai, zhang = turn(game, "first", "蔡琰"), game.unit("first", "張遼")
    cai.en, zhang.statuses = 3, [("root", 1), ("slow", 1)]
    act(game, cai, "skill", skill=3)
    assert zhang.statuses == []


def test_t7_6_raid_takes_one_en_first_and_slows_after():
    game = game_with({"張遼": ((1, 3), "e4")}, {"關羽": ((2, 3), "e5")})
    game.unit("second", "關羽").en = 2
    act(game, turn(game, "first", "張遼"), "attack", target="e5")
    guan = game.unit("second", "關羽")
    assert (guan.en, guan.hp, guan.slow()) == (1, 8, 1)


def test_t14_4_hold_fast_takes_one_off_strike_two_next_to_its_base():
    game = game_with({"關羽": ((2, 3), "d2")}, {"張遼": ((2, 3), "d3")})
    act(game, turn(game, "first", "關羽"), "attack", target="d3")
    assert game.unit("second", "張遼").hp == 9
    game = game_with({"關羽": ((2, 3), "e7")}, {"張遼": ((1, 2), "e8")})
    act(game, turn(game, "first", "關羽"), "attack", target="e8")
    assert game.unit("second", "張遼").hp == 9


def test_t14_4_liao_is_coming_appears_next_to_the_target_and_seals_on_1_to_3():
    game = game_with({"張遼": ((2, 3), "e2")}, GUAN)
    zhang = turn(game, "first", "張遼")
    zhang.en = 3
    assert refusal(game, zhang, "skill", skill=3, target="e6", cell="e4") == "T14.4"
    next_roll(game, 1)
    act(game, zhang, "skill", skill=3, target="e6", cell="e5")
    guan = game.unit("second", "關羽")
    assert (zhang.cell, guan.hp, guan.has_status("seal")) == ("e5", 8, True)
