"""The computer's levels in hero tactics, weakest first: `random` (uniform among the legal
actions), `greedy` (the playout policy alone: attacks first, a skill now and then, the move nearest
the enemy), `mcts` (the default: a Monte-Carlo search of a few dozen playouts, within 2 s on the
project's machine) and `mcts-strong` (more and longer playouts, up to 4 s an action)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str
    playouts: int
    """Playouts a search runs at most (0: no search)."""
    depth: int
    """Actions each playout plays before the position is scored."""
    budget_s: float
    """Seconds a search thinks at most, whatever is left of its playouts."""
    width: int
    """Root actions the search weighs: the policy's best few of each kind."""
    greedy: bool = True


LEVELS = {
    "random": Level("random", 0, 0, 0.0, 0, greedy=False),
    "greedy": Level("greedy", 0, 0, 0.0, 0),
    "mcts": Level("mcts", 48, 16, 1.5, 10),
    "mcts-strong": Level("mcts-strong", 160, 24, 4.0, 14),
}
DEFAULT_LEVEL = "mcts"
