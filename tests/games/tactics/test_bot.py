"""The computer as a hero tactics player (games/tactics/bots/, docs/tactics.md "Playing the
computer"): its picks and deployment are accepted by the engine (T2.2–T2.5), every action it
chooses at every level is one of the legal actions (T18.3), it does not see the game's dice
(T18.1), it plays a whole game to its end (T13), and a level above random beats random."""

import random

from games.tactics.actions import apply
from games.tactics.bots import LEVELS, choose_action, choose_cells, choose_picks
from games.tactics.bots.policy import acting_side
from games.tactics.heroes import HEROES
from games.tactics.legal import legal_actions
from games.tactics.record import FORMAT
from games.tactics.replay import replay
from games.tactics.setup import check_picks, read_settings, start
from games.tactics.state import final_state

SIDES = ("first", "second")


def new_record(rng: random.Random, heroes: int = 3, settings: dict | None = None) -> dict:
    sides = {}
    for side in SIDES:
        picks = choose_picks(heroes, rng)
        cells = choose_cells(side, [entry["hero"] for entry in picks["heroes"]], rng)
        sides[side] = {"heroes": [{**entry, "cell": cells[entry["hero"]]} for entry in picks["heroes"]]}
    seed = f"{rng.getrandbits(256):064x}"
    return {
        "format": FORMAT,
        "settings": settings or {},
        "map": "classic-9",
        "seed": seed,
        "actions": [],
        "sides": sides,
    }


def play(record: dict, levels: dict, rng: random.Random, budget_s: float | None = None) -> dict:
    """The game played to its end by the two levels: the record with its actions."""
    game = start(record)
    while game.result is None:
        side = acting_side(game)
        action = choose_action(game, side, levels[side], rng, budget_s=budget_s)
        apply(game, action)
        record["actions"].append(action)
    return record


def test_t2_3_t2_5_the_computers_picks_and_cells_are_what_the_engine_accepts():
    rng = random.Random(3)
    for heroes in (1, 3, 7):
        for side in SIDES:
            picks = choose_picks(heroes, rng, avoid=["呂布", "趙雲"])
            check_picks(picks, side, read_settings({"heroes_per_side": heroes}))  # T2.3, T2.4: raises if not
            names = [entry["hero"] for entry in picks["heroes"]]
            assert len(set(names)) == heroes and not {"呂布", "趙雲"} & set(names)
            cells = choose_cells(side, names, rng)
            assert sorted(cells) == sorted(names) and len(set(cells.values())) == heroes
            assert all(
                cell[1:] == ("1" if side == "first" else "9") and cell != f"e{cell[1:]}" for cell in cells.values()
            )
    assert all(entry["hero"] in HEROES for entry in picks["heroes"])


def test_t18_3_every_level_chooses_one_of_the_legal_actions():
    rng = random.Random(5)
    game = start(new_record(rng))
    for _ in range(25):  # positions of a game under way: turns begun, moves, attacks, ends
        legal = legal_actions(game)
        side = acting_side(game)
        for level in LEVELS:
            assert choose_action(game, side, level, rng, budget_s=0.1) in legal, level
        apply(game, choose_action(game, side, "greedy", rng))


def test_t18_1_the_computer_does_not_see_the_games_dice():
    """It searches with seeds of its own: the game's seed, made unusable here, is never rolled
    from, though the turn it weighs ends the round and round 2 rolls its weather (T11.1)."""
    rng = random.Random(11)
    game = start(new_record(rng, heroes=1, settings={"heroes_per_side": 1}))
    while game.turn is None or game.turn[0] != "second":  # 後手's only hero acts: the round's last turn
        apply(game, choose_action(game, acting_side(game), "greedy", rng))
    game.seed, rolls = "secret: not hexadecimal", game.rolls
    for level in LEVELS:
        assert choose_action(game, "second", level, rng, budget_s=0.3)["side"] == "second"  # roll() would raise
    assert game.rolls == rolls


def test_t13_the_computer_plays_a_whole_game_against_random_to_its_end():
    rng = random.Random(21)
    record = play(new_record(rng), {"first": "random", "second": "greedy"}, rng)
    game = start(record)
    for action in record["actions"]:
        apply(game, action)
    assert game.result is not None and game.result["reason"] in ("base", "bases", "round-limit")
    assert replay(record) == final_state(game)  # T18.3: its record replays to its end


def test_t13_1_the_greedy_level_beats_random_more_often_than_not():
    """Six 3-v-3 games, the greedy level three times on each side: it wins most (scored 1 a
    win, ½ a draw)."""
    rng, score = random.Random(8), 0.0
    for n in range(6):
        greedy = SIDES[n % 2]
        levels = {greedy: "greedy", "first" if greedy == "second" else "second": "random"}
        record = play(new_record(rng, settings={"round_limit": 12}), levels, rng)
        result = replay(record)["result"]
        score += 0.5 if result["outcome"] == "draw" else float(result["outcome"] == greedy)
    assert score > 3
