"""The legal actions of a position (docs/tactics.md T18.3) stay exactly what they were when the
engine tried every candidate on a deep copy: seeded random games (random heroes, skills and
deployments, a free movement phase in one, T5.6) are played through `record.Match` as the site
plays them, and every position's list of legal actions, in its order, is hashed and pinned. The
pin was taken from the straightforward code (each candidate applied to `copy.deepcopy` of the
game) before it was made faster; a sample of the positions is also checked against that
reference here, so a faster `legal_actions` that drops or adds an action fails either way."""

import copy
import hashlib
import json
import random

from games.tactics.actions import apply
from games.tactics.errors import TacticsViolation
from games.tactics.heroes import HEROES
from games.tactics.legal import candidates, legal_actions
from games.tactics.record import Match

GAMES = 12
ROUND_LIMIT = 5
SAMPLE_EVERY = 7
# Taken from the straightforward code (commit b10d4f1): positions, actions, sha256 of the lists.
PINNED = (1207, 11098, "8b80ef08def0120eeaf72ce59862ee59fd161287fcd3ef61015ca04a025dd243")


def random_sides(rng: random.Random) -> dict:
    """Three different heroes a side, two skills each, a designation where 激勵 or 慧眼 needs
    one, each on a spawn point of classic-9 (T2.2–T2.5)."""
    sides = {}
    for side, row in (("first", 1), ("second", 9)):
        names = rng.sample(sorted(HEROES), 3)
        cells = rng.sample([f"{file}{row}" for file in "abcdfghi"], 3)
        heroes = []
        for name, cell in zip(names, cells, strict=True):
            entry: dict = {"hero": name, "skills": sorted(rng.sample([1, 2, 3], 2)), "cell": cell}
            chosen = {HEROES[name].skill(n).name for n in entry["skills"]}
            mates = [other for other in names if other != name]
            if "激勵" in chosen:
                entry["designate"] = {"hero": rng.choice(mates)}
            if "慧眼" in chosen:
                entry["designate"] = {"hero": rng.choice(mates), "extra": rng.choice([1, 2, 3])}
            heroes.append(entry)
        sides[side] = {"heroes": heroes}
    return sides


def new_match(rng: random.Random, settings: dict) -> Match:
    while True:
        try:
            return Match.new(random_sides(rng), settings=settings, seed=f"{rng.getrandbits(256):064x}")
        except TacticsViolation:
            continue


def reference(game) -> list[dict]:
    """The straightforward legal actions: every candidate applied to a deep copy of the game."""
    found = []
    for action in candidates(game):
        try:
            apply(copy.deepcopy(game), action)
        except TacticsViolation:
            continue
        found.append(action)
    return found


def played_positions():
    """Each position of the seeded random games (the game before its next action), with its
    legal actions as `legal_actions` gives them."""
    rng = random.Random(43)
    for number in range(GAMES):
        settings: dict = {"round_limit": ROUND_LIMIT}
        if number == 0:
            settings["free_phases"] = {"side": "second", "count": 1}
        match = new_match(rng, settings)
        while match.game.result is None:
            legal = legal_actions(match.game)
            yield match.game, legal
            match.play(rng.choice(legal))


def test_t18_3_legal_actions_of_random_games_are_those_of_the_deep_copy_reference_and_pinned():
    digest, positions, actions = hashlib.sha256(), 0, 0
    for game, legal in played_positions():
        if positions % SAMPLE_EVERY == 0:
            before = copy.deepcopy(game)
            assert legal == reference(game), (positions, game.round, game.turn)
            assert legal_actions(game) == legal and game == before, "the legal actions changed the game"
        digest.update(json.dumps(legal, sort_keys=True, ensure_ascii=False).encode())
        positions, actions = positions + 1, actions + len(legal)
    assert (positions, actions, digest.hexdigest()) == PINNED


def mutable_parts(value, found: list) -> list:
    """Every list, dict, set and dataclass instance inside a game (the board and heroes are frozen)."""
    if isinstance(value, (list, tuple, set)):
        found += [value] if not isinstance(value, tuple) else []
        for item in value:
            mutable_parts(item, found)
    elif isinstance(value, dict):
        found.append(value)
        for item in value.values():
            mutable_parts(item, found)
    elif hasattr(value, "__dataclass_fields__") and not value.__dataclass_params__.frozen:
        found.append(value)
        for item in vars(value).values():
            mutable_parts(item, found)
    return found


def test_t18_3_a_games_clone_equals_its_deep_copy_and_changing_it_leaves_the_game_as_it_was():
    """`Game.clone`, on which the legal actions and each action are tried: equal to the game and
    to its deep copy, and none of its lists, dicts, sets or units is one of the game's."""
    for number, (game, legal) in enumerate(played_positions()):
        if number % SAMPLE_EVERY:
            continue
        clone, before = game.clone(), copy.deepcopy(game)
        assert clone == game == before
        assert not {id(part) for part in mutable_parts(clone, [])} & {id(part) for part in mutable_parts(game, [])}
        apply(clone, legal[-1])
        assert game == before
