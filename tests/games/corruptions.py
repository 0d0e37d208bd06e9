"""Random legal games (tests/data) with one move corrupted, written in ICCS, WXF or Chinese
notation, for the test that the judge names the first illegal move (R11.3). Each corrupted
move is checked illegal against pyffish's legal moves at that ply."""

import gzip
import random
from dataclasses import dataclass
from pathlib import Path

import pyffish

from games.xiangqi import START, chinese_moves, wxf_moves
from games.xiangqi_notation import (
    COLUMNS,
    FAIRY_TO_WXF,
    Board,
    chinese_from_wxf,
    to_fairy,
)

DATA = Path(__file__).resolve().parents[1] / "data"
KINDS = ("opponent", "own_capture", "geometry", "pawn_back")
NOTATIONS = ("iccs", "wxf", "chinese")


@dataclass(frozen=True)
class Corrupted:
    tokens: list[str]
    ply: int  # 1-based: the first illegal move
    kind: str
    notation: str


def games() -> list[list[str]]:
    with gzip.open(DATA / "xiangqi_random_games.txt.gz", "rt") as f:
        return [line.split() for line in f.read().splitlines()]


def _legal(moves: list[str]) -> set[str]:
    fairy = pyffish.legal_moves("xiangqi", START, [to_fairy(m) for m in moves])
    return {_iccs(m) for m in fairy}


def _iccs(fairy: str) -> str:
    letters = [i for i, ch in enumerate(fairy) if ch.isalpha()]
    a, b = fairy[: letters[1]], fairy[letters[1] :]
    return f"{a[0]}{int(a[1:]) - 1}{b[0]}{int(b[1:]) - 1}"


def _wxf(board: Board, start: tuple[int, int], to: tuple[int, int]) -> str | None:
    """The WXF of a (possibly illegal) move of the side to move, where WXF can write it."""
    piece = board.squares[start]
    letter = FAIRY_TO_WXF[piece.lower()]
    red = piece.isupper()
    same_file = [sq for sq, p in board.squares.items() if p == piece and sq[0] == start[0]]
    if len(same_file) > 1:
        return None  # tandem pieces: skip rather than write 前/後
    file = (lambda col: 9 - col) if red else (lambda col: col + 1)
    dc, dr = to[0] - start[0], (to[1] - start[1]) * (1 if red else -1)
    if dr == 0 and letter in "RCPK":
        return f"{letter}{file(start[0])}={file(to[0])}"
    if dc == 0 and letter in "RCPK":
        return f"{letter}{file(start[0])}{'+' if dr > 0 else '-'}{abs(dr)}"
    steps = {"H": {(1, 2), (2, 1)}, "E": {(2, 2)}, "A": {(1, 1)}}
    if letter in steps and (abs(dc), abs(dr)) in steps[letter]:  # WXF names the file; the step says the rank
        return f"{letter}{file(start[0])}{'+' if dr > 0 else '-'}{file(to[0])}"
    return None


def corrupt(rng: random.Random, moves: list[str], kind: str, notation: str) -> Corrupted | None:
    """Replace move k of `moves` by an illegal one of `kind`; None when this game has none here."""
    k = rng.randrange(len(moves))
    board = Board(START)
    for move in moves[:k]:
        board.push(move)
    legal = _legal(moves[:k])
    red = len(moves[:k]) % 2 == 0
    mine = [sq for sq, p in board.squares.items() if p.isupper() == red]
    theirs = [sq for sq, p in board.squares.items() if p.isupper() != red]
    empty = [(c, r) for c in range(9) for r in range(10) if (c, r) not in board.squares]
    if kind == "opponent":
        if notation != "iccs":
            return None  # WXF and Chinese name only the mover's own pieces
        pairs = [(a, b) for a in theirs for b in empty]
    elif kind == "own_capture":
        pairs = [(a, b) for a in mine for b in mine if a != b]
    elif kind == "geometry":
        pairs = [(a, b) for a in mine for b in empty]
    else:
        back = -1 if red else 1
        pairs = [(a, (a[0], a[1] + back)) for a in mine if board.squares[a].lower() == "p" and 0 <= a[1] + back <= 9]
    rng.shuffle(pairs)
    for a, b in pairs[:200]:
        iccs = f"{COLUMNS[a[0]]}{a[1]}{COLUMNS[b[0]]}{b[1]}"
        if iccs in legal:
            continue
        if notation == "iccs":
            token = iccs
        else:
            wxf = _wxf(board, a, b)
            if wxf is None:
                continue
            token = wxf if notation == "wxf" else chinese_from_wxf(wxf, red)
        written = moves if notation == "iccs" else wxf_moves(moves) if notation == "wxf" else chinese_moves(moves)
        return Corrupted(written[:k] + [token] + written[k + 1 :], k + 1, kind, notation)
    return None
