"""What an attack or a skill would do, shown to its player before they confirm it (the game
page): the cells it covers, each hero's HP, EN, statuses and cell after it and the bases' loss,
in the round's weather and on the terrain where everyone stands (T7, T8, T9, T11).

The action is tried on a copy of the game whose dice are not the game's own: a preview must tell
nothing of the rolls to come (T18.1). Where the action makes checks (T10), the preview says how
many (`dice`), and the dice may then decide otherwise.

>>> from games.tactics.setup import start
>>> record = {"format": "sanguo-tactics/1", "settings": {"heroes_per_side": 1}, "map": "classic-9",
...     "seed": "0" * 64, "actions": [], "sides": {
...     "first": {"heroes": [{"hero": "張遼", "skills": [1, 3], "cell": "d1"}]},
...     "second": {"heroes": [{"hero": "甘寧", "skills": [1, 3], "cell": "f9"}]}}}
>>> game = start(record)
>>> apply(game, {"act": "turn", "side": "first", "hero": "張遼"})
>>> game.unit("second", "甘寧").cell = "d2"  # next to 張遼, on plain
>>> seen = preview(game, {"act": "attack", "side": "first", "hero": "張遼", "target": "d2"})
>>> seen["cells"], seen["heroes"][0]["hp"], seen["heroes"][0]["en"], seen["heroes"][0]["statuses"]
(['d2'], [9, 8], [0, 0], ['slow'])
>>> preview(game, {"act": "attack", "side": "first", "hero": "張遼", "target": "e9"})
Traceback (most recent call last):
...
games.tactics.errors.TacticsViolation: T7.2: e9 is out of the attack's range
"""

import copy

from games.tactics.actions import apply
from games.tactics.state import Game, unit_json

PREVIEW_SEED = "5eed" * 16  # a public seed of its own: its rolls say nothing of the game's
NAMED = ("target", "second", "cell")


def preview(game: Game, action: dict) -> dict:
    """`{"cells", "heroes", "bases", "dice"}` after `action` (an `attack` or a `skill`), the game
    itself unchanged; a refused action raises TacticsViolation as `apply` does. `heroes` lists
    those the action changes: side, hero, `cell` before and `to` after, `hp` and `en` as
    [before, after], statuses after."""
    trial = copy.deepcopy(game)
    trial.seed = PREVIEW_SEED
    apply(trial, action)
    heroes = []
    for old, new in zip(game.units, trial.units, strict=True):
        was, now = unit_json(game, old), unit_json(trial, new)
        if was == now:
            continue
        heroes.append(
            {
                "side": old.side,
                "hero": old.name,
                "cell": was["cell"],
                "to": now["cell"],
                "hp": [was["hp"], now["hp"]],
                "en": [was["en"], now["en"]],
                "statuses": now["statuses"] + now["pending"],
            }
        )
    actor = (action.get("side"), action.get("hero"))
    covered = {action[key] for key in NAMED if isinstance(action.get(key), str)}
    covered |= {h["cell"] for h in heroes if h["cell"] and (h["side"], h["hero"]) != actor}
    bases = {
        side: [game.bases[side], trial.bases[side]] for side in game.bases if game.bases[side] != trial.bases[side]
    }
    return {"cells": sorted(covered), "heroes": heroes, "bases": bases, "dice": trial.rolls - game.rolls}
