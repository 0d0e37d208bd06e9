"""The skills of heroes 1–9 (docs/tactics.md T14.3, T14.4): 張角, 諸葛亮, 黃月英, 貂蟬, 呂布, 龐統,
周瑜, 甘寧, 兀突骨, each on a literal position, with the clause of each refusal."""

from tests.games.tactics.positions import act, game_with, next_roll, refusal, turn

FOE = {"甘寧": ((2, 3), "e6")}  # 水攻, 劫營: no passive of its own


def one(hero, skills, cell="e4", foe=None, **options):
    return game_with({hero: (skills, cell)}, foe or FOE, **options)


def test_t11_3_weather_shift_sets_this_rounds_weather():
    game = one("張角", (1, 2))
    zhang = turn(game, "first", "張角")
    zhang.en = 1
    act(game, zhang, "skill", skill=1, weather="rain")
    assert (game.weather, zhang.en) == ("rain", 0)


def test_t8_5_thunderbolt_is_rain_only_and_deals_4_unavoidable():
    game = one("張角", (1, 2))
    zhang = turn(game, "first", "張角")
    zhang.en = 6
    assert refusal(game, zhang, "skill", skill=2, target="e6") == "T8.5"
    game.weather = "rain"
    act(game, zhang, "skill", skill=2, target="e6")
    assert (game.unit("second", "甘寧").hp, zhang.en) == (5, 1)


def test_t14_4_illusion_confuses_an_enemy_whose_check_reaches_its_max_en():
    game = one("張角", (2, 3), weather="overcast")
    zhang = turn(game, "first", "張角")
    zhang.en = 5
    next_roll(game, 4)
    act(game, zhang, "skill", skill=3)
    assert game.unit("second", "甘寧").has_status("confusion")


def test_t8_2_tongue_lashing_needs_its_en_and_deals_4_unavoidable_within_3():
    game = one("諸葛亮", (1, 2), "e3")
    zhuge = turn(game, "first", "諸葛亮")
    zhuge.en = 4
    assert refusal(game, zhuge, "skill", skill=1, target="e6") == "T8.2"
    zhuge.en = 5
    act(game, zhuge, "skill", skill=1, target="e6")
    assert game.unit("second", "甘寧").hp == 5


def test_t9_3_blaze_deals_5_fire_plus_1_in_sun_and_is_refused_in_rain():
    game = one("諸葛亮", (1, 2))
    zhuge = turn(game, "first", "諸葛亮")
    zhuge.en = 6
    act(game, zhuge, "skill", skill=2, target="e6")
    assert game.unit("second", "甘寧").hp == 9 - 6
    game.weather = "rain"
    zhuge.en = 6
    assert refusal(game, zhuge, "skill", skill=2, target="e6") == "T8.5"


def test_t8_8_eight_gate_array_stops_an_enemy_move_hurts_and_roots_then_goes():
    game = one("諸葛亮", (1, 3))
    zhuge = turn(game, "first", "諸葛亮")
    zhuge.en = 4
    assert refusal(game, zhuge, "skill", skill=3, target="a6") == "T8.8"
    act(game, zhuge, "skill", skill=3, target="e7")
    act(game, zhuge, "end")
    gan = turn(game, "second", "甘寧")
    assert refusal(game, gan, "move", path=["e7", "d7"]) == "T6.4"
    act(game, gan, "move", path=["e7"])
    assert (gan.cell, gan.hp, gan.has_status("root"), game.arrays) == ("e7", 8, True, {})


def test_t14_4_wooden_man_takes_3_en_or_all_of_it_and_one_more_damage():
    game = one("黃月英", (1, 2))
    huang, gan = turn(game, "first", "黃月英"), game.unit("second", "甘寧")
    huang.en, gan.en = 5, 4
    act(game, huang, "skill", skill=1, target="e6")
    assert (gan.en, gan.hp) == (1, 8)
    huang.en = 3
    act(game, huang, "skill", skill=1, target="e6")
    assert (gan.en, gan.hp) == (0, 6)


def test_t14_4_wooden_beast_hits_the_plus_area_one_more_on_low_en():
    game = game_with(
        {"黃月英": ((2, 3), "e4"), "呂布": ((1, 3), "a1")}, {"甘寧": ((2, 3), "e6"), "關羽": ((2, 3), "d6")}
    )
    huang = turn(game, "first", "黃月英")
    huang.en, game.unit("second", "關羽").en = 5, 3
    act(game, huang, "skill", skill=2, target="e6")
    assert (game.unit("second", "甘寧").hp, game.unit("second", "關羽").hp) == (9 - 3, 9 - 2)
    assert huang.en == 5 - 4 + 1  # 內助: a skill that costs ≥ 3 gives 1 back


def test_t14_4_bewitch_gives_a_male_enemy_an_extra_turn_for_diaochans_side():
    game = game_with(
        {"貂蟬": ((1, 3), "e4"), "黃月英": ((1, 2), "a1")},
        {"張遼": ((2, 3), "e5"), "甘寧": ((2, 3), "e6")},
    )
    diao = turn(game, "first", "貂蟬")
    diao.en = 4
    act(game, diao, "skill", skill=1, target="e5")
    zhang = game.unit("second", "張遼")
    act(game, zhang, "attack", target="e6")
    assert game.unit("second", "甘寧").hp == 8
    act(game, zhang, "end")
    assert game.turn == ("first", "貂蟬", False)
    assert refusal(game, diao, "skill", skill=1, target="a1") in ("T8.2", "T8.3")


def test_t4_2_encourage_raises_its_hero_and_diaochans_death_takes_it_back():
    game = game_with(
        {"貂蟬": ((2, 3), "e4", {"hero": "張遼"}), "張遼": ((2, 3), "a3")},
        {"甘寧": ((2, 3), "e5"), "呂布": ((1, 2), "a9")},
    )
    zhang = game.unit("first", "張遼")
    assert (zhang.hp, zhang.hp_max, zhang.en, game.mov_of(zhang)) == (10, 10, 1, 5)
    game.unit("first", "貂蟬").hp = 1
    gan = turn(game, "second", "甘寧")
    next_roll(game, 1)  # 閉月 fails
    act(game, gan, "attack", target="e4")
    assert (zhang.hp, zhang.hp_max, zhang.en_max, game.mov_of(zhang)) == (9, 9, 4, 4)


def test_t14_4_moon_shy_cancels_avoidable_damage_on_a_check_of_3_or_more():
    game = game_with({"張遼": ((2, 3), "e4")}, {"貂蟬": ((1, 3), "e5")})
    zhang = turn(game, "first", "張遼")
    next_roll(game, 3)
    act(game, zhang, "attack", target="e5")
    assert game.unit("second", "貂蟬").hp == 8


def test_t14_4_peerless_hits_a_second_target_and_adds_one_strike():
    game = game_with({"呂布": ((1, 2), "e4"), "黃蓋": ((1, 2), "a1")}, {"甘寧": ((2, 3), "e6"), "關羽": ((2, 3), "d5")})
    lu = turn(game, "first", "呂布")
    act(game, lu, "attack", target="e6", second="d5")
    assert (game.unit("second", "甘寧").hp, game.unit("second", "關羽").hp) == (7, 7)


def test_t4_6_unstoppable_is_not_slowed_by_raid():
    game = game_with({"張遼": ((1, 3), "e4")}, {"呂布": ((1, 3), "e5")})
    act(game, turn(game, "first", "張遼"), "attack", target="e5")
    assert game.unit("second", "呂布").statuses == []


def test_t14_4_chained_ships_roots_every_enemy_and_lets_own_fire_hurt_heroes_in_water():
    game = game_with({"龐統": ((1, 2), "a6"), "周瑜": ((2, 3), "b5")}, {"甘寧": ((2, 3), "a7"), "張遼": ((2, 3), "i9")})
    pang = turn(game, "first", "龐統")
    pang.en = 5
    act(game, pang, "skill", skill=1)
    assert game.unit("second", "甘寧").has_status("root") and game.unit("second", "張遼").has_status("root")
    act(game, pang, "end")
    zhou = turn(game, "first", "周瑜")
    zhou.en = 3
    act(game, zhou, "skill", skill=2, target="a7")
    assert game.unit("second", "甘寧").hp == 9 - 3


def test_t14_4_idleness_gives_two_more_en_to_a_turn_without_move_or_attack():
    game = one("龐統", (2, 3))
    pang = turn(game, "first", "龐統")
    act(game, pang, "end")
    assert pang.en == 2 + 2


def test_t14_4_rumble_seals_an_enemy_whose_check_is_below_its_max_en():
    game = one("龐統", (2, 3))
    pang = turn(game, "first", "龐統")
    pang.en = 5
    next_roll(game, 3)
    act(game, pang, "skill", skill=3)
    assert game.unit("second", "甘寧").has_status("seal")


def test_t14_4_water_god_lets_own_heroes_attack_from_water_with_one_water_more():
    game = game_with({"周瑜": ((1, 2), "i9"), "張遼": ((2, 3), "a6")}, {"甘寧": ((2, 3), "a5"), "呂布": ((1, 3), "a9")})
    zhang = turn(game, "first", "張遼")
    act(game, zhang, "attack", target="a5")
    assert game.unit("second", "甘寧").hp == 9 - 2


def test_t14_4_raiding_fire_burns_the_plus_area_and_is_refused_in_rain():
    game = one("周瑜", (2, 3), weather="overcast")
    zhou = turn(game, "first", "周瑜")
    zhou.en = 6
    act(game, zhou, "skill", skill=2, target="e7")
    assert game.unit("second", "甘寧").hp == 7
    game.weather = "rain"
    assert refusal(game, zhou, "skill", skill=2, target="e7") == "T8.5"


def test_t8_6_torrent_is_used_standing_in_water():
    game = one("周瑜", (2, 3), "e4", weather="overcast")
    zhou = turn(game, "first", "周瑜")
    zhou.en = 5
    assert refusal(game, zhou, "skill", skill=3, target="e6") == "T8.6"
    zhou.cell = "h4"
    game.unit("second", "甘寧").cell = "h6"
    act(game, zhou, "skill", skill=3, target="h6")
    assert game.unit("second", "甘寧").hp == 4


def test_t14_4_brocade_sails_attacks_from_water_with_two_more_strike():
    game = game_with({"甘寧": ((1, 2), "a6")}, {"關羽": ((2, 3), "a8")})
    gan = turn(game, "first", "甘寧")
    act(game, gan, "attack", target="a8")
    assert game.unit("second", "關羽").hp == 9 - 3


def test_t14_4_water_assault_hits_the_plus_area_with_2_water():
    game = game_with({"甘寧": ((1, 2), "h4")}, {"張遼": ((2, 3), "h6")}, weather="overcast")
    gan = turn(game, "first", "甘寧")
    gan.en = 3
    act(game, gan, "skill", skill=2, target="h6")
    assert game.unit("second", "張遼").hp == 7


def test_t14_4_camp_raid_deals_2_strike_then_roots_on_1_to_3():
    game = game_with({"甘寧": ((1, 3), "e4")}, {"關羽": ((2, 3), "e8")})
    gan = turn(game, "first", "甘寧")
    gan.en = 3
    next_roll(game, 2)
    act(game, gan, "skill", skill=3, target="e8")
    zhang = game.unit("second", "關羽")
    assert (zhang.hp, zhang.has_status("root")) == (7, True)


def test_t14_4_rattan_armour_takes_2_off_strike_and_adds_2_to_fire():
    game = game_with(
        {"張遼": ((2, 3), "e4"), "諸葛亮": ((1, 2), "c4")}, {"兀突骨": ((1, 3), "e5"), "甘寧": ((2, 3), "a9")}
    )
    zhang = turn(game, "first", "張遼")
    act(game, zhang, "attack", target="e5")
    wu = game.unit("second", "兀突骨")
    assert wu.hp == 10
    act(game, zhang, "end")
    zhuge = turn(game, "first", "諸葛亮")
    zhuge.en = 5
    act(game, zhuge, "skill", skill=2, target="e5")
    assert wu.hp == 10 - (5 + 1 + 2)


def test_t14_4_float_is_immune_to_water_and_enters_water_free():
    game = game_with({"甘寧": ((1, 2), "h4")}, {"兀突骨": ((2, 3), "h6")}, weather="overcast")
    gan = turn(game, "first", "甘寧")
    gan.en = 3
    act(game, gan, "skill", skill=2, target="h6")
    assert game.unit("second", "兀突骨").hp == 10
    game = game_with({"兀突骨": ((2, 3), "g3")}, {"甘寧": ((2, 3), "a9")})
    wu = turn(game, "first", "兀突骨")
    act(game, wu, "move", path=["h3", "i3", "i4", "h4", "h5"])
    assert wu.cell == "h5"


def test_t14_4_terror_paralyses_the_target_on_1_to_3():
    game = game_with({"兀突骨": ((1, 3), "e4")}, {"張遼": ((2, 3), "e5")})
    wu = turn(game, "first", "兀突骨")
    next_roll(game, 1)
    act(game, wu, "attack", target="e5")
    assert game.unit("second", "張遼").has_status("paralysis")


def test_t14_4_a_bewitched_enemy_acts_for_diaochans_side_and_may_hit_his_own_base():
    game = game_with({"貂蟬": ((1, 3), "d8"), "曹操": ((1, 2), "a1")}, {"呂布": ((1, 3), "d9"), "甘寧": ((2, 3), "i9")})
    diao = turn(game, "first", "貂蟬")
    diao.en = 4
    act(game, diao, "skill", skill=1, target="d9")
    lu = game.unit("second", "呂布")
    assert game.mov_of(lu) == 4 + 1 + 1  # 飛將, and 曹操's 虎豹 for 貂蟬's side
    assert refusal(game, lu, "attack", target="d8") == "T7.1"
    act(game, lu, "attack", target="e9")
    assert game.bases["second"] == 9 - 1
    act(game, lu, "end")
    assert (game.side_of(lu), game.mov_of(lu)) == ("second", 5)


def test_t5_3_diaochan_killed_in_the_extra_turn_she_gave_ends_her_turn_when_it_ends():
    game = game_with(
        {"貂蟬": ((1, 2), "e4", {"hero": "張遼"}), "張遼": ((1, 3), "a3")},
        {"馬鈞": ((1, 3), "e5"), "甘寧": ((2, 3), "i9")},
    )
    diao = turn(game, "first", "貂蟬")
    diao.en, diao.hp = 4, 1
    act(game, diao, "skill", skill=1, target="e5")
    ma = game.unit("second", "馬鈞")
    ma.en = 2
    next_roll(game, 3)
    act(game, ma, "skill", skill=1, target="d4")
    assert diao.cell is None
    act(game, ma, "end")
    assert (game.turn, game.unit("first", "張遼").hp_max) == (None, 9)


def test_t14_4_helpmate_gives_en_back_after_a_skill_that_costs_3_or_more_2_from_5():
    game = game_with(
        {"黃月英": ((1, 3), "a1"), "諸葛亮": ((1, 2), "e3")}, {"關羽": ((2, 3), "e5"), "甘寧": ((2, 3), "i9")}
    )
    zhuge = turn(game, "first", "諸葛亮")
    zhuge.en = 6
    act(game, zhuge, "skill", skill=1, target="e5")
    assert zhuge.en == 6 - 5 + 2
