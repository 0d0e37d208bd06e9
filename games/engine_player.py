"""Fairy-Stockfish as a xiangqi and chess opponent at a few levels: a move chosen for a position
(its FEN) through the UCI client (games/uci.py). A level sets the engine's Skill Level (which
makes it err on purpose below 20) and bounds its search by depth, nodes and time; level 1 is a
beginner's, level 4 the engine at its full strength for a second. No Django.

>>> sorted(ENGINE_LEVELS), ENGINE_LEVELS[1].limits
([1, 2, 3, 4], 'depth 1 nodes 2000 movetime 100')
"""

from dataclasses import dataclass

from games.uci import Engine, EngineError

VARIANTS = {"xiangqi": "xiangqi", "chess": "chess"}


@dataclass(frozen=True)
class EngineLevel:
    skill: int
    """UCI `Skill Level`, 0 to 20."""
    depth: int
    nodes: int
    movetime_ms: int

    @property
    def limits(self) -> str:
        return f"depth {self.depth} nodes {self.nodes} movetime {self.movetime_ms}"


ENGINE_LEVELS = {
    1: EngineLevel(skill=0, depth=1, nodes=2_000, movetime_ms=100),
    2: EngineLevel(skill=6, depth=4, nodes=20_000, movetime_ms=300),
    3: EngineLevel(skill=13, depth=8, nodes=200_000, movetime_ms=600),
    4: EngineLevel(skill=20, depth=30, nodes=5_000_000, movetime_ms=1_000),
}


def engine_move(path: str, kind: str, fen: str, level: int) -> str:
    """The engine's move (its own coordinates, as games.analysis.canonical reads them) for the side
    to move in `fen`, at `level`; "" when the side to move has none. EngineError when the engine
    is missing or fails; ValueError for a kind it does not play."""
    if kind not in VARIANTS:
        raise ValueError(f"the engine plays {sorted(VARIANTS)}, not {kind}")
    terms = ENGINE_LEVELS[level]
    with Engine(path, VARIANTS[kind]) as engine:
        engine.option("Skill Level", str(terms.skill))
        return engine.search(fen, terms.limits, terms.movetime_ms / 1000).best


__all__ = ["ENGINE_LEVELS", "EngineError", "EngineLevel", "engine_move"]
