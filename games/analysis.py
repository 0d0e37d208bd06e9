"""The analysis after a game, as pure rules: the positions of a game one ply at a time (as it
was judged, R11.4's handicap moves in a row), the engine's scores turned to red's / white's view,
the expected score, the mistakes and blunders, the best move written for readers, and the
evaluation chart's geometry. No Django.

Mistakes are judged as lichess judges them (lila's `Advice`): a score is turned into winning
chances, 2 / (1 + e^(−0.00368208 · cp)) − 1 between −1 and 1, the centipawns held within ±1000
and a mate counted as that bound; a move that loses the mover 0.3 of it or more (0.15 of the
expected score, 15 points in a hundred) is a blunder, 0.2 or more a mistake.
"""

import math
from dataclasses import dataclass

import chess
import pyffish

from games.xiangqi import START, VARIANT, chinese_moves, wxf_moves
from games.xiangqi_notation import from_fairy, to_fairy

CP_BOUND = 1000
Eval = tuple[int | None, int | None]  # (centipawns, mate in N) from the first player's view
BLUNDER, MISTAKE = 0.3, 0.2  # losses in winning chances (−1 … 1), lichess's thresholds


@dataclass(frozen=True)
class Mark:
    """A move the analysis marks: its ply (1 is the first move), "blunder" or "mistake", how
    much expected score (0 … 1) the mover lost, and the engine's move instead (canonical form)."""

    ply: int
    judgement: str
    loss: float
    best: str


def positions(kind: str, moves: list[str], *, favoured: str | None = None, extra_moves: int = 0) -> list[str]:
    """The FEN before the first move and after every move, replayed as the game was judged.

    >>> positions("xiangqi", ["h2e2"])[1].split()[:2]
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR', 'b']
    >>> positions("chess", ["e2e4", "d2d4"], favoured="white", extra_moves=2)[1].split()[1]
    'w'
    """
    if kind == "chess":
        return _chess_positions(moves, favoured, extra_moves)
    handicap = extra_moves if favoured in ("red", "black") and extra_moves > 1 else 0
    fen = START if favoured not in ("red", "black") else _with_side(START, favoured == "red")  # R11.4: first
    found = [fen]
    for ply, move in enumerate(moves, 1):
        fen = pyffish.get_fen(VARIANT, fen, [to_fairy(move)])
        if ply < handicap:
            fen = _with_side(fen, favoured == "red")
        found.append(fen)
    return found


def _with_side(fen: str, red: bool) -> str:
    parts = fen.split()
    parts[1] = "w" if red else "b"
    return " ".join(parts)


def _chess_positions(moves: list[str], favoured: str | None, extra_moves: int) -> list[str]:
    board = chess.Board()
    handicap = extra_moves if favoured in ("white", "black") and extra_moves > 1 else 0
    if favoured in ("white", "black"):  # R11.4: the favoured side moves first
        board.turn = favoured == "white"
    found = [board.fen()]
    for ply, uci in enumerate(moves, 1):
        board.push(chess.Move.from_uci(uci))
        if ply < handicap:
            board.turn = not board.turn
        found.append(board.fen())
    return found


def first_moves(fen: str) -> bool:
    """Whether red (xiangqi) or white (chess) is to move in `fen`."""
    return fen.split()[1] == "w"


def from_first(fen: str, cp: int | None, mate: int | None) -> tuple[int | None, int | None]:
    """A score from the side to move's view turned to red's / white's. The engine says "mate 0"
    of a side that is mated (or, in xiangqi, stalemated, which also loses): counted as mated.

    >>> from_first("x b", 30, None), from_first("x w", None, 0)
    ((-30, None), (None, -1))
    """
    sign = 1 if first_moves(fen) else -1
    if mate is not None:
        return None, sign * (mate if mate != 0 else -1)
    return (sign * cp if cp is not None else 0), None


def winning_chances(cp: int | None, mate: int | None) -> float:
    """Between −1 (lost) and 1 (won), from the view the score is given in (lichess's formula).

    >>> round(winning_chances(0, None), 3), round(winning_chances(300, None), 3), winning_chances(None, -2) < -0.95
    (0.0, 0.502, True)
    """
    if mate is not None:
        cp = CP_BOUND if mate > 0 else -CP_BOUND
    held = max(-CP_BOUND, min(CP_BOUND, cp or 0))
    return 2 / (1 + math.exp(-0.00368208 * held)) - 1


def marks(evals: list[Eval], fens: list[str], bests: list[str], moves: list[str]) -> list[Mark]:
    """The mistakes and blunders of a game: `evals` from the first player's view and `bests` for
    each position in `fens` (the start, then after each ply of `moves`). The engine's own move
    is never marked: a loss after it is the search's noise (a fixed time, a deeper look at the
    next position), not the mover's.

    >>> fens = positions("chess", ["f2f3", "e7e5", "g2g4", "d8h4"])
    >>> [(m.ply, m.judgement, m.best) for m in marks([(0, None), (-60, None), (-50, None), (None, -1), (None, -1)],
    ...     fens, ["e2e4", "e7e5", "e2e4", "d8h4", ""], ["f2f3", "e7e5", "g2g4", "d8h4"])]
    [(3, 'blunder', 'e2e4')]
    """
    found = []
    for ply in range(1, len(evals)):
        sign = 1 if first_moves(fens[ply - 1]) else -1
        before = sign * winning_chances(*evals[ply - 1])
        after = sign * winning_chances(*evals[ply])
        loss = before - after
        judgement = "blunder" if loss >= BLUNDER else "mistake" if loss >= MISTAKE else ""
        if judgement and bests[ply - 1] and bests[ply - 1] != moves[ply - 1]:
            found.append(Mark(ply=ply, judgement=judgement, loss=round(loss / 2, 3), best=bests[ply - 1]))
    return found


def canonical(kind: str, engine_move: str) -> str:
    """An engine's move in the game's stored form (ICCS for xiangqi: Fairy's ranks less one)."""
    return engine_move if kind == "chess" or not engine_move else from_fairy(engine_move)


def written(kind: str, fen: str, move: str, *, chinese: bool) -> str:
    """A move (canonical form) from `fen` as readers write it: SAN, or Chinese notation or WXF.

    >>> written("xiangqi", START, "h2e2", chinese=True), written("xiangqi", START, "h2e2", chinese=False)
    ('炮二平五', 'C2=5')
    >>> written("chess", chess.STARTING_FEN, "g1f3", chinese=True)
    'Nf3'
    """
    if kind == "chess":
        return chess.Board(fen).san(chess.Move.from_uci(move))
    return chinese_moves([move], fen)[0] if chinese else wxf_moves([move], fen)[0]


@dataclass(frozen=True)
class Chart:
    """The evaluation chart drawn by the server: a line of the first player's expected score
    after each ply, within `width` × `height` (red/white's advantage up), and its marked plies."""

    width: int
    height: int
    line: str  # the SVG polyline's points
    area: str  # the polygon between the line and the middle (the advantage shaded)
    dots: list[tuple[int, float, float, str]]  # (ply, x, y, judgement) of each marked move


def chart(evals: list[Eval], found: list[Mark], *, width: int = 600, height: int = 120) -> Chart:
    """The chart of `evals` (the start, then after each ply) with the marked moves.

    >>> chart([(0, None), (1000, None)], []).line
    '0.0,60.0 600.0,2.9'
    """
    step = width / max(len(evals) - 1, 1)
    points = [(i * step, round(height / 2 * (1 - winning_chances(*e)), 1)) for i, e in enumerate(evals)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    area = f"0,{height / 2:.1f} {line} {points[-1][0]:.1f},{height / 2:.1f}"
    dots = [(m.ply, points[m.ply][0], points[m.ply][1], m.judgement) for m in found if m.ply < len(points)]
    return Chart(width=width, height=height, line=line, area=area, dots=dots)
