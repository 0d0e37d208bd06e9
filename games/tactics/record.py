"""A game being played, and the record it writes as it goes (docs/tactics.md T18.1, T18.2): the
seed is drawn before the picks and only its commitment is shown until the game ends.

>>> match = Match.new({
...     "first": {"heroes": [{"hero": "張遼", "skills": [1, 3], "cell": "d1"}]},
...     "second": {"heroes": [{"hero": "甘寧", "skills": [1, 3], "cell": "f9"}]}},
...     settings={"heroes_per_side": 1}, seed="0" * 64)
>>> match.play({"act": "turn", "side": "first", "hero": "張遼"})
>>> match.play({"act": "resign", "side": "second"})
>>> match.record["result"], match.public()["seed"] == "0" * 64
({'outcome': 'first', 'reason': 'resign'}, True)
"""

import copy
from dataclasses import dataclass

from games.tactics.actions import apply
from games.tactics.dice import commitment, new_seed
from games.tactics.setup import start
from games.tactics.state import Game, Settings

FORMAT = "sanguo-tactics/1"


def written(settings: dict) -> dict:
    """The settings a writer puts in a record: those that differ from the defaults (T18.2)."""
    bases = Settings(heroes_per_side=settings.get("heroes_per_side", 3))
    defaults = Settings(base_first=bases.base_max("first"), base_second=bases.base_max("second"))
    return {key: value for key, value in settings.items() if getattr(defaults, key, object()) != value}


@dataclass
class Match:
    """A game in play with its record: `play` applies an action (or refuses it, changing
    nothing) and writes it."""

    record: dict
    game: Game

    @classmethod
    def new(cls, sides: dict, *, settings: dict | None = None, map: object = "classic-9", seed: str | None = None):
        """A game from the picks and deployments, with a fresh seed unless one is given."""
        seed = seed or new_seed()
        record = {
            "format": FORMAT,
            "settings": written(settings or {}),
            "map": map,
            "seed": seed,
            "commitment": commitment(seed),
            "sides": copy.deepcopy(sides),
            "actions": [],
        }
        return cls(record, start(record))

    def play(self, action: dict, reacts: list | None = None) -> None:
        """Applies an action (with the 援護 reactions that answer it) and writes it; a refusal
        raises TacticsViolation and neither the game nor the record changes."""
        trial = self.game.clone()
        apply(trial, action, reacts)
        self.game = trial
        self.record["actions"] += [copy.deepcopy(action), *copy.deepcopy(reacts or [])]
        if trial.result is not None:
            self.record["result"] = dict(trial.result)

    def public(self) -> dict:
        """The record as the players may see it: without the seed until the game has ended."""
        shown = copy.deepcopy(self.record)
        if self.game.result is None:
            shown.pop("seed")
        return shown
