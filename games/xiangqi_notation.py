"""Xiangqi move notations: ICCS (`h2e2`), WXF (`C2=5`, `C+=5`, `17=6`) and Chinese (炮二平五,
馬８進７, 前炮平五; traditional or simplified, half- or full-width digits). Pure: no Django.

Every notation is read into one `Notation` and resolved against a board that only tracks
where the pieces are; legality is pyffish's job, on the whole game at once (GAMES.md).
ICCS columns are a–i from Red's left, ranks 0–9 from Red's side. WXF and Chinese count files
1–9 from each player's own right.
"""

import random
import re
import string
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

COLUMNS = "abcdefghi"
FAIRY_TO_WXF = {"r": "R", "n": "H", "b": "E", "a": "A", "k": "K", "c": "C", "p": "P"}
WXF_TO_FAIRY = {v: k for k, v in FAIRY_TO_WXF.items()}
STRAIGHT = frozenset("RCPK")  # the target of + / - counts ranks; diagonal movers name a file

CHINESE_PIECES = {
    "車": "R",
    "车": "R",
    "俥": "R",
    "伡": "R",
    "馬": "H",
    "马": "H",
    "傌": "H",
    "㐷": "H",
    "相": "E",
    "象": "E",
    "仕": "A",
    "士": "A",
    "帥": "K",
    "帅": "K",
    "將": "K",
    "将": "K",
    "炮": "C",
    "砲": "C",
    "包": "C",
    "兵": "P",
    "卒": "P",
}
CHINESE_ACTIONS = {"進": "+", "进": "+", "退": "-", "平": "="}
CHINESE_NUMERALS = {c: i for i, c in enumerate("一二三四五六七八九", 1)}
CHINESE_ORDER = {"前": 1, "中": 2, "後": -1, "后": -1}
RED_NAMES = {"R": "車", "H": "馬", "E": "相", "A": "仕", "K": "帥", "C": "炮", "P": "兵"}
BLACK_NAMES = {"R": "車", "H": "馬", "E": "象", "A": "士", "K": "將", "C": "炮", "P": "卒"}
FULLWIDTH = "０１２３４５６７８９"

# ASCII only: a case-blind Unicode match would take "İ" for "i" and make a five-letter move.
ICCS_RE = re.compile(r"^([a-i])([0-9])-?([a-i])([0-9])$", re.IGNORECASE | re.ASCII)
WXF_RE = re.compile(r"^([RHNEBAKCP])([1-9+\-])([+\-=.])([1-9])$", re.IGNORECASE | re.ASCII)
WXF_ORDER_RE = re.compile(r"^([1-5])([1-9])([+\-=.])([1-9])$", re.ASCII)


class NotationError(ValueError):
    pass


@dataclass(frozen=True)
class Notation:
    piece: str  # R H E A K C P
    file: int | None  # 1–9 from the mover's right, or None with an order
    order: int | None  # 1 = frontmost of its kind on the file, -1 = rearmost, 2 = second …
    action: str  # + advance, - retreat, = traverse
    target: int  # a file (=, and diagonal movers) or a number of ranks (straight movers)


def to_halfwidth(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


MAX_MOVE_CHARS = 8  # 前炮二平五 is the longest move in any notation here


# The parsers are pure, and the moves of every game come from a few thousand possible tokens:
# each is read once per process (bench/games.py). Only short tokens reach a cache (at most
# MAX_MOVE_CHARS characters), so no record can fill the memory with long ones.
def parse_iccs(token: str) -> str | None:
    """`H2-E2` or `h2e2` → `h2e2`; None if the token is not ICCS."""
    return _parse_iccs(token) if len(token) <= MAX_MOVE_CHARS else None


@lru_cache(maxsize=8192)
def _parse_iccs(token: str) -> str | None:
    match = ICCS_RE.match(token)
    return "".join(match.groups()).lower() if match else None


def parse_wxf(token: str) -> Notation | None:
    return _parse_wxf(token) if len(token) <= MAX_MOVE_CHARS else None


@lru_cache(maxsize=8192)
def _parse_wxf(token: str) -> Notation | None:
    token = to_halfwidth(token)
    match = WXF_RE.match(token)
    if match:
        piece, which, action, target = match.groups()
        piece = {"N": "H", "B": "E"}.get(piece.upper(), piece.upper())
        action = "=" if action == "." else action
        if which in "+-":
            return Notation(piece, None, 1 if which == "+" else -1, action, int(target))
        return Notation(piece, int(which), None, action, int(target))
    match = WXF_ORDER_RE.match(token)
    if match:
        order, file, action, target = match.groups()
        return Notation("P", int(file), int(order), "=" if action == "." else action, int(target))
    return None


def _number(char: str) -> int | None:
    if char in CHINESE_NUMERALS:
        return CHINESE_NUMERALS[char]
    return int(char) if char in "123456789" else None


def parse_chinese(token: str) -> Notation | None:
    """炮二平五, 馬８進７, 前炮平五, 炮前平五, 中兵進一, 前兵七平六 (simplified characters too)."""
    return _parse_chinese(token) if len(token) <= MAX_MOVE_CHARS else None


@lru_cache(maxsize=8192)
def _parse_chinese(token: str) -> Notation | None:
    chars = list(to_halfwidth(token.strip()))
    if len(chars) == 4:
        a, b, c, d = chars
        file, target = _number(b), _number(d)
        if a in CHINESE_PIECES and c in CHINESE_ACTIONS and file and target:
            return Notation(CHINESE_PIECES[a], file, None, CHINESE_ACTIONS[c], target)
        order = CHINESE_ORDER.get(a) or (CHINESE_ORDER.get(b) if a in CHINESE_PIECES else None)
        piece = b if a in CHINESE_ORDER or a in CHINESE_NUMERALS else a
        if a in CHINESE_NUMERALS and b in CHINESE_PIECES:  # 一兵, 二兵 … for four or five pawns
            order = CHINESE_NUMERALS[a]
        if order and piece in CHINESE_PIECES and c in CHINESE_ACTIONS and target:
            return Notation(CHINESE_PIECES[piece], None, order, CHINESE_ACTIONS[c], target)
    if len(chars) == 5:
        a, b, c, d, e = chars
        order = CHINESE_ORDER.get(a) or CHINESE_NUMERALS.get(a)
        file, target = _number(c), _number(e)
        if order and b in CHINESE_PIECES and file and d in CHINESE_ACTIONS and target:
            return Notation(CHINESE_PIECES[b], file, order, CHINESE_ACTIONS[d], target)
    return None


def chinese_from_wxf(wxf: str, red: bool) -> str:
    """Render a WXF move (as pyffish writes it) in Chinese notation for the given side.

    >>> chinese_from_wxf("C2=5", True), chinese_from_wxf("H8+7", False), chinese_from_wxf("R+=6", True)
    ('炮二平五', '馬８進７', '前車平六')
    """
    n = parse_wxf(wxf)
    if n is None:
        raise NotationError(f"not WXF: {wxf}")
    names = RED_NAMES if red else BLACK_NAMES
    number = (lambda i: "一二三四五六七八九"[i - 1]) if red else (lambda i: FULLWIDTH[i])
    action = {"+": "進", "-": "退", "=": "平"}[n.action]
    if n.order is None:
        return f"{names[n.piece]}{number(n.file)}{action}{number(n.target)}"
    order = (
        {1: "前", -1: "後", 2: "中"}.get(n.order, "一二三四五"[n.order - 1])
        if n.file is None
        else {1: "前", 2: "中"}.get(n.order, "一二三四五"[n.order - 1])
    )
    if n.file is None:
        return f"{order}{names[n.piece]}{action}{number(n.target)}"
    return f"{order}{names[n.piece]}{number(n.file)}{action}{number(n.target)}"


def _zobrist() -> dict[tuple[str, tuple[int, int]], int]:
    """A fixed random number per piece and point (Zobrist hashing): a position's key is the XOR
    of its pieces' numbers, kept up to date move by move."""
    rng = random.Random(20261130)
    return {
        (piece, (col, rank)): rng.getrandbits(64)
        for piece in string.ascii_letters
        for col in range(9)
        for rank in range(10)
    }


ZOBRIST = _zobrist()


class Board:
    """Where the pieces are, and whose turn it is; no legality (pyffish checks that). `key`
    names the placement (equal placements, equal keys; different ones collide with a chance of
    one in 2**64, which would only make the judge ask pyffish about a repetition that is not)."""

    def __init__(self, fen: str):
        placement, side = fen.split()[:2]
        self.squares: dict[tuple[int, int], str] = {}
        self.where: dict[str, set[tuple[int, int]]] = {}  # each piece letter's points
        self.key = 0
        for row, text in enumerate(placement.split("/")):
            rank, col = 9 - row, 0
            for ch in text:
                if ch.isdigit():
                    col += int(ch)
                else:
                    self.squares[(col, rank)] = ch
                    self.where.setdefault(ch, set()).add((col, rank))
                    self.key ^= ZOBRIST[(ch, (col, rank))]
                    col += 1
        self.red = side == "w"

    def push(self, iccs: str) -> None:
        start, to = (COLUMNS.index(iccs[0]), int(iccs[1])), (COLUMNS.index(iccs[2]), int(iccs[3]))
        piece = self.squares.pop(start, None)
        if piece is None:
            raise NotationError(f"no piece on {iccs[:2]}")
        taken = self.squares.get(to)
        self.key ^= ZOBRIST[(piece, start)] ^ ZOBRIST[(piece, to)]
        if taken is not None:
            self.key ^= ZOBRIST[(taken, to)]
            self.where[taken].discard(to)
        self.where[piece].discard(start)
        self.where[piece].add(to)
        self.squares[to] = piece
        self.red = not self.red

    def flip_turn(self) -> None:
        self.red = not self.red

    def _column(self, file: int) -> int:
        return 9 - file if self.red else file - 1

    def resolve(self, n: Notation) -> str:
        """The ICCS move a notation names for the side to move."""
        letter = WXF_TO_FAIRY[n.piece]
        letter = letter.upper() if self.red else letter
        mine = list(self.where.get(letter, ()))
        forward = 1 if self.red else -1
        if n.file is not None:
            mine = [sq for sq in mine if sq[0] == self._column(n.file)]
        if n.order is not None:
            by_column: dict[int, list[tuple[int, int]]] = {}
            for sq in mine:
                by_column.setdefault(sq[0], []).append(sq)
            chosen = []
            for squares in by_column.values():
                if len(squares) < 2:
                    continue
                squares.sort(key=lambda sq: -sq[1] * forward)  # frontmost first
                index = n.order - 1 if n.order > 0 else len(squares) + n.order
                if 0 <= index < len(squares):
                    chosen.append(squares[index])
            mine = chosen
        moves = [m for m in (self._destination(sq, n, forward) for sq in mine) if m]
        if len(moves) != 1:
            raise NotationError("no such piece" if not moves else "ambiguous")
        return moves[0]

    def _destination(self, square: tuple[int, int], n: Notation, forward: int) -> str | None:
        col, rank = square
        if n.action == "=":
            if n.piece not in STRAIGHT:
                return None
            to = (self._column(n.target), rank)
        elif n.piece in STRAIGHT:
            step = n.target * forward * (1 if n.action == "+" else -1)
            to = (col, rank + step)
        else:
            to_col = self._column(n.target)
            dc = abs(to_col - col)
            dr = {"H": {1: 2, 2: 1}.get(dc), "E": 2 if dc == 2 else None, "A": 1 if dc == 1 else None}[n.piece]
            if dr is None:
                return None
            to = (to_col, rank + dr * forward * (1 if n.action == "+" else -1))
        if not (0 <= to[0] <= 8 and 0 <= to[1] <= 9) or to == square or not self._allowed(n.piece, to):
            return None
        return f"{COLUMNS[col]}{rank}{COLUMNS[to[0]]}{to[1]}"

    def wxf(self, iccs: str) -> str:
        """The WXF of a move of the side to move, written as pyffish writes it (GAMES.md; the
        same text, proven move by move against pyffish in tests/games): the piece, or its place
        from the front when three of its kind share the file, or two while two files hold more
        than one (`17=6`, `28=9`: tandem pawns); else two on a file are told apart by + (front) /
        − (rear) when the other one could make the same step, otherwise by the file; no check
        mark.

        >>> Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1").wxf("h2e2")
        'C2=5'
        """
        c1, r1, c2, r2 = COLUMNS.index(iccs[0]), int(iccs[1]), COLUMNS.index(iccs[2]), int(iccs[3])
        letter = self.squares.get((c1, r1))
        if letter is None:
            raise NotationError(f"no piece on {iccs[:2]}")
        piece = FAIRY_TO_WXF[letter.lower()]
        forward = 1 if self.red else -1
        kin = [square for square, p in self.squares.items() if p == letter]
        file_mates = [rank for col, rank in kin if col == c1 and rank != r1]
        columns = [col for col, _rank in kin]
        tandems = sum(1 for col in set(columns) if columns.count(col) > 1)
        ahead = sum(1 for rank in file_mates if (rank - r1) * forward > 0)
        numbered = len(file_mates) + 1 >= (2 if tandems >= 2 else 3)
        head = str(ahead + 1) if numbered else piece
        which = self._file(c1)
        if len(file_mates) == 1 and tandems < 2:
            other = file_mates[0] + r2 - r1
            if 0 <= other <= 9 and self._allowed(piece, (c2, other)):
                which = "-" if ahead else "+"
        action = "=" if r1 == r2 else "+" if (r2 - r1) * forward > 0 else "-"
        target = str(abs(r2 - r1)) if c1 == c2 else self._file(c2)
        return f"{head}{which}{action}{target}"

    def _file(self, column: int) -> str:
        return str(9 - column if self.red else column + 1)

    def _allowed(self, piece: str, square: tuple[int, int]) -> bool:
        """Advisors and the general keep to the palace, elephants to their own side: this is
        what tells apart two advisors or elephants on one file (WXF names no tandem for them)."""
        col, rank = square
        own = range(0, 5) if self.red else range(5, 10)
        if piece in "AK":
            return 3 <= col <= 5 and (rank <= 2 if self.red else rank >= 7)
        if piece == "E":
            return rank in own
        return True


def to_fairy(iccs: str) -> str:
    """ICCS ranks 0–9 → Fairy-Stockfish ranks 1–10 (GAMES.md)."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def from_fairy(move: str) -> str:
    match = re.match(r"^([a-i])(\d+)([a-i])(\d+)$", move)
    if match is None:
        raise NotationError(f"not a Fairy-Stockfish move: {move}")
    c1, r1, c2, r2 = match.groups()
    return f"{c1}{int(r1) - 1}{c2}{int(r2) - 1}"
