"""Literal positions for the hero tactics tests: a game set up from a record (so the setup's own
checks run), then its heroes put on the cells a test names, its weather set, and the dice moved
to the roll a test needs (real rolls of the seed, found by searching forward)."""

from games.tactics.actions import apply
from games.tactics.dice import roll
from games.tactics.errors import TacticsViolation
from games.tactics.setup import start
from games.tactics.state import Game, Unit

SEED = "0" * 64


def game_with(first: dict, second: dict, *, weather: str = "sunny", **settings) -> Game:
    """`first`/`second` map a hero to (skills, cell[, designate]); the heroes are deployed on
    spawn points, then put on their cells."""
    sides = {}
    for side, heroes in (("first", first), ("second", second)):
        spawns = [f"{file}{1 if side == 'first' else 9}" for file in "abcdfghi"]
        entries = []
        for (hero, spec), spawn in zip(heroes.items(), spawns, strict=False):
            entry = {"hero": hero, "skills": list(spec[0]), "cell": spawn}
            if len(spec) > 2:
                entry["designate"] = spec[2]
            entries.append(entry)
        sides[side] = {"heroes": entries}
    record = {"format": "sanguo-tactics/1", "map": "classic-9", "seed": SEED, "sides": sides, "actions": []}
    record["settings"] = {"heroes_per_side": len(first), **settings}
    game = start(record)
    for side, heroes in (("first", first), ("second", second)):
        for hero, spec in heroes.items():
            game.unit(side, hero).cell = spec[1]
    game.weather = weather
    return game


def turn(game: Game, side: str, hero: str) -> Unit:
    """Begins that hero's regular action turn (its side's phase is set first)."""
    game.phase = side
    apply(game, {"act": "turn", "side": side, "hero": hero})
    return game.unit(side, hero)


def act(game: Game, unit: Unit, kind: str, **members) -> None:
    apply(game, {"act": kind, "side": unit.side, "hero": unit.name, **members})


def next_roll(game: Game, face: int) -> None:
    """Moves the dice forward so that the next roll is `face` (the skipped rolls are unused)."""
    while roll(game.seed, game.rolls) != face:
        game.rolls += 1


def refusal(game: Game, unit: Unit, kind: str, **members) -> str:
    """The clause a refused action names (the test fails if it is accepted)."""
    try:
        act(game, unit, kind, **members)
    except TacticsViolation as fault:
        return fault.clause
    raise AssertionError("the action was accepted")
