"""The computer as a hero tactics player (docs/tactics.md, "Playing the computer"): it picks its
heroes (T2.2–T2.4), deploys them (T2.5) and chooses each action among the engine's legal actions
(T18.3) at a level (`levels.py`). It never sees the game's dice: every playout rolls from a seed of
its own (a determinisation), since the game's seed stays secret until the end (T18.1).

>>> import random
>>> from games.tactics.setup import start
>>> rng = random.Random(7)
>>> picks = {side: choose_picks(3, rng) for side in ("first", "second")}
>>> [len(p["heroes"]) for p in picks.values()]
[3, 3]
>>> sides = {side: {"heroes": [{**h, "cell": choose_cells(side, [h["hero"] for h in p["heroes"]], rng)[h["hero"]]}
...     for h in p["heroes"]]} for side, p in picks.items()}
>>> game = start({"format": "sanguo-tactics/1", "map": "classic-9", "seed": "0" * 64, "actions": [], "sides": sides})
>>> action = choose_action(game, "first", "greedy", rng)
>>> action["act"], action["side"]
('turn', 'first')
>>> sorted(LEVELS), DEFAULT_LEVEL
(['greedy', 'mcts', 'mcts-strong', 'random'], 'mcts')
"""

from games.tactics.bots.levels import DEFAULT_LEVEL, LEVELS, Level
from games.tactics.bots.picks import choose_cells, choose_picks
from games.tactics.bots.search import choose_action

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level", "choose_action", "choose_cells", "choose_picks"]
