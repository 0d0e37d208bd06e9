"""A game with normal attacks (docs/tactics.md §T4–§T7, §T9, §T11–§T13): each refusal names its
clause and changes nothing; each rule a player sees is checked on a literal position."""

from games.tactics.actions import apply
from tests.games.tactics.positions import act, game_with, next_roll, refusal, turn


def duel(first_cell="e4", second_cell="e6", first="張遼", second="甘寧", **options):
    """張遼 (堅守, 遼來) against 甘寧 (水攻, 劫營): no passive that changes an attack."""
    skills = {"張遼": (2, 3), "甘寧": (2, 3), "呂布": (1, 3), "兀突骨": (2, 3), "關羽": (2, 3), "黃蓋": (2, 3)}
    return game_with(
        {first: (skills.get(first, (2, 3)), first_cell)}, {second: (skills.get(second, (2, 3)), second_cell)}, **options
    )


def test_t6_2_a_mountain_costs_two_and_a_path_may_not_cost_more_than_mov():
    game = duel("e3", "a9", second="關羽")
    hero = turn(game, "first", "張遼")
    assert refusal(game, hero, "move", path=["e4", "e5", "e6", "e7"]) == "T6.2"
    act(game, hero, "move", path=["e4", "e5", "e6"])
    assert hero.cell == "e6"


def test_t6_3_a_path_may_not_cross_a_hero_but_flying_general_may():
    game = duel("e3", "e4", second="關羽")
    hero = turn(game, "first", "張遼")
    assert refusal(game, hero, "move", path=["e4", "e5"]) == "T6.3"
    game = duel("e3", "e4", first="呂布", second="關羽")
    lu = turn(game, "first", "呂布")
    act(game, lu, "move", path=["e4", "e5"])
    assert lu.cell == "e5"


def test_t6_3_no_path_enters_a_base():
    game = duel("d2", "a9")
    hero = turn(game, "first", "張遼")
    assert refusal(game, hero, "move", path=["e2", "e1"]) == "T6.3"


def test_t6_1_a_hero_moves_once_a_turn_and_cell_by_cell():
    game = duel("b2", "a9")
    hero = turn(game, "first", "張遼")
    assert refusal(game, hero, "move", path=["b4"]) == "T6.1"
    act(game, hero, "move", path=["b3"])
    assert refusal(game, hero, "move", path=["b4"]) == "T6.1"


def test_t4_4_a_rooted_hero_cannot_move_and_a_slowed_one_has_less_mov():
    game = duel("a3", "a9")
    hero = game.unit("first", "張遼")
    hero.statuses = [("root", 1)]
    turn(game, "first", "張遼")
    assert refusal(game, hero, "move", path=["b3"]) == "T4.4"
    game = duel("b2", "a9")
    game.unit("first", "張遼").statuses = [("slow", 1), ("slow", 1)]
    hero = turn(game, "first", "張遼")
    assert refusal(game, hero, "move", path=["b3", "b4", "b5"]) == "T6.2"


def test_t4_5_a_status_lasts_to_the_end_of_the_victims_next_regular_turn():
    game = duel("e4", "e6")
    guan = game.unit("second", "甘寧")
    guan.statuses = [("paralysis", guan.turns + 1)]
    turn(game, "first", "張遼")
    act(game, game.unit("first", "張遼"), "end")
    turn(game, "second", "甘寧")
    assert refusal(game, guan, "attack", target="e4") == "T4.4"
    act(game, guan, "end")
    assert guan.statuses == []


def test_t7_2_a_mountain_adds_one_to_the_range():
    game = duel("e5", "e7")
    hero = turn(game, "first", "張遼")
    act(game, hero, "attack", target="e7")
    assert game.unit("second", "甘寧").hp == 8
    game = duel("e4", "e6")
    hero = turn(game, "first", "張遼")
    assert refusal(game, hero, "attack", target="e6") == "T7.2"


def test_t7_1_a_normal_attack_never_targets_an_own_hero():
    game = game_with({"張遼": ((2, 3), "e4"), "關羽": ((2, 3), "e5")}, {"甘寧": ((2, 3), "a9"), "黃蓋": ((2, 3), "b9")})
    hero = turn(game, "first", "張遼")
    assert refusal(game, hero, "attack", target="e5") == "T7.1"


def test_t3_7_a_hero_in_water_cannot_attack():
    game = duel("a6", "a5")
    hero = turn(game, "first", "張遼")
    assert refusal(game, hero, "attack", target="a5") == "T3.7"


def test_t3_8_a_hero_in_forest_is_attacked_only_from_next_to_it_but_flying_general_may():
    game = duel("g8", "f7")
    hero = turn(game, "first", "張遼")
    assert refusal(game, hero, "attack", target="f7") == "T3.8"
    game = duel("f5", "f7", first="呂布")
    act(game, turn(game, "first", "呂布"), "attack", target="f7")
    assert game.unit("second", "甘寧").hp == 8


def test_t5_2_one_normal_attack_a_turn():
    game = duel("e4", "e5")
    hero = turn(game, "first", "張遼")
    act(game, hero, "attack", target="e5")
    assert refusal(game, hero, "attack", target="e5") == "T5.2"


def test_t7_4_an_attack_on_the_base_costs_it_exactly_one():
    game = duel("e8", "a9", first="呂布")
    hero = turn(game, "first", "呂布")
    act(game, hero, "attack", target="e9")
    assert game.bases["second"] == 3 * 1 + 3 - 1


def test_t12_2_a_death_costs_the_dead_heros_base_three_and_t12_4_it_respawns_with_en_1():
    game = duel("e4", "e5")
    victim = game.unit("second", "甘寧")
    victim.hp = 1
    hero = turn(game, "first", "張遼")
    act(game, hero, "attack", target="e5")
    assert (victim.cell, game.bases["second"]) == (None, 6 - 3)
    act(game, hero, "end")
    apply(game, {"act": "turn", "side": "second", "hero": "甘寧"})
    assert game.due == "respawn"
    assert refusal(game, victim, "respawn", cell="e9") == "T12.4"
    act(game, victim, "respawn", cell="a9")
    assert (victim.cell, victim.hp, victim.en) == ("a9", 9, 1)


def test_t13_1_a_base_at_zero_loses_at_once():
    game = duel("e8", "a9", first="呂布", base_second=1)
    hero = turn(game, "first", "呂布")
    act(game, hero, "attack", target="e9")
    assert game.result == {"outcome": "first", "reason": "base"}
    assert refusal(game, hero, "end") == "T13.1"


def test_t13_3_after_round_r_the_base_that_lost_less_wins():
    game = duel("a3", "a8", round_limit=1)
    game.bases["first"] -= 1
    for side, hero in (("first", "張遼"), ("second", "甘寧")):
        unit = turn(game, side, hero)
        act(game, unit, "end")
    assert game.due == "round-limit"
    assert refusal(game, game.unit("first", "張遼"), "turn") == "T13.3"
    apply(game, {"act": "round-limit"})
    assert game.result == {"outcome": "second", "reason": "round-limit"}


def test_t5_1_sides_act_in_their_phase_and_each_hero_once_a_round():
    game = duel("a3", "a8")
    assert refusal(game, game.unit("second", "甘寧"), "turn") == "T5.1"
    hero = turn(game, "first", "張遼")
    act(game, hero, "end")
    assert game.phase == "second"
    assert refusal(game, hero, "turn") == "T5.1"


def test_t5_2_en_comes_back_by_two_at_the_end_of_a_turn_and_t11_1_each_round_rolls_its_weather():
    game = duel("a3", "a8")
    next_roll(game, 6)
    for side, hero in (("first", "張遼"), ("second", "甘寧")):
        act(game, turn(game, side, hero), "end")
    assert (game.unit("first", "張遼").en, game.round, game.weather) == (2, 2, "rain")
