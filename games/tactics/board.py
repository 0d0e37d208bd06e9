"""The board of the hero tactics game (戰棋, docs/tactics.md §T3): cells, terrains, distance, and
maps as data (T3.11) with `classic-9` the default (T3.12).

>>> board = classic_9()
>>> board.terrain("e5"), board.terrain("a7"), board.terrain("e1")
('mountain', 'water', 'base')
>>> board.base("first"), board.spawn_points("second")[:2]
('e1', ['a9', 'b9'])
>>> distance("a1", "b2"), neighbours(board, "a1")
(2, ['b1', 'a2'])
"""

from dataclasses import dataclass

from games.tactics.errors import TacticsViolation, gettext_noop

LETTERS = {".": "plain", "M": "mountain", "W": "water", "F": "forest", "B": "base"}
FILES = "abcdefghijklmnopqrstuvwxyz"
CACHED = 4096  # cells (and neighbourhoods) remembered: the engine asks for the same few again and again
_XY: dict[str, tuple[int, int]] = {}
_NEAR: dict[tuple[int, int, str], list[str]] = {}
CLASSIC_9 = (
    "....B....",
    "..F...M..",
    "W....F...",
    "WW.M...F.",
    "....M....",
    ".F...M.WW",
    "...F....W",
    "..M...F..",
    "....B....",
)


def cell_name(file: int, row: int) -> str:
    """`e1` for file 4 (from 0) and row 1 (T18.2)."""
    return f"{FILES[file]}{row}"


def cell_xy(cell: str) -> tuple[int, int]:
    """(file from 0, row from 1) of a cell written like `e1`; malformed → T18.2."""
    known = _XY.get(cell) if type(cell) is str else None
    if known is not None:
        return known
    if not isinstance(cell, str) or len(cell) < 2 or cell[0] not in FILES or not cell[1:].isdigit() or cell[1] == "0":
        raise TacticsViolation(
            "T18.2", gettext_noop("%(cell)s is not a cell (a file letter and a row number, like e1)"), cell=repr(cell)
        )
    found = FILES.index(cell[0]), int(cell[1:])
    if len(_XY) < CACHED:
        _XY[cell] = found
    return found


def distance(a: str, b: str) -> int:
    """|Δfile| + |Δrow| (T3.1)."""
    (fa, ra), (fb, rb) = cell_xy(a), cell_xy(b)
    return abs(fa - fb) + abs(ra - rb)


def same_line(a: str, b: str) -> bool:
    """The same row or the same column (T3.3)."""
    (fa, ra), (fb, rb) = cell_xy(a), cell_xy(b)
    return fa == fb or ra == rb


def between(a: str, b: str) -> list[str]:
    """The cells strictly between two cells of one line, from a towards b."""
    (fa, ra), (fb, rb) = cell_xy(a), cell_xy(b)
    steps = max(abs(fa - fb), abs(ra - rb))
    df, dr = (fb > fa) - (fb < fa), (rb > ra) - (rb < ra)
    return [cell_name(fa + df * i, ra + dr * i) for i in range(1, steps)]


@dataclass(frozen=True)
class Board:
    """A map: `rows` from the 後手 edge (the top of the drawing) down to row 1 (T18.2)."""

    name: str
    rows: tuple[str, ...]

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def __deepcopy__(self, memo: dict) -> "Board":
        return self  # immutable: a copied game shares it

    def on_board(self, cell: str) -> bool:
        file, row = cell_xy(cell)
        return file < self.width and 1 <= row <= self.height

    def terrain(self, cell: str) -> str:
        file, row = cell_xy(cell)
        return LETTERS[self.rows[self.height - row][file]]

    def cells(self) -> list[str]:
        return [cell_name(f, r) for r in range(1, self.height + 1) for f in range(self.width)]

    def base(self, side: str) -> str:
        return cell_name(self.width // 2, 1 if side == "first" else self.height)

    def spawn_points(self, side: str) -> list[str]:
        """The other cells of the side's bottom edge (T3.10)."""
        row = 1 if side == "first" else self.height
        return [cell_name(f, row) for f in range(self.width) if f != self.width // 2]

    def validate(self, heroes_per_side: int) -> None:
        """The constraints of T3.11, or TacticsViolation("T3.11")."""
        rows, width = self.rows, len(self.rows[0]) if self.rows else 0
        if not rows or width % 2 == 0 or width > 26 or any(len(r) != width for r in rows):
            raise TacticsViolation(
                "T3.11", gettext_noop("a map is a rectangle with an odd number of files (at most 26)")
            )
        if any(ch not in LETTERS for r in rows for ch in r):
            raise TacticsViolation("T3.11", gettext_noop("a map's cells are . M W F or B"))
        bases = sorted(c for c in self.cells() if self.terrain(c) == "base")
        if bases != sorted({self.base("first"), self.base("second")}) or len(bases) != 2:
            raise TacticsViolation(
                "T3.11", gettext_noop("the two bases stand at the middles of the first and the last rows")
            )
        if len(self.spawn_points("first")) < heroes_per_side + 1:
            raise TacticsViolation("T3.11", gettext_noop("each side needs at least N + 1 spawn points"))
        if any(r != rows[len(rows) - 1 - i][::-1] for i, r in enumerate(rows)):
            raise TacticsViolation(
                "T3.11", gettext_noop("a map looks the same to both sides (a half turn maps it onto itself)")
            )


def classic_9() -> Board:
    """The default map (T3.12)."""
    return Board("classic-9", CLASSIC_9)


def neighbours(board: Board, cell: str) -> list[str]:
    """The edge neighbours on the board (T3.2), in the order east, west, north, south."""
    key = (board.width, board.height, cell)
    known = _NEAR.get(key) if type(cell) is str else None
    if known is not None:
        return list(known)
    file, row = cell_xy(cell)
    found = [(file + 1, row), (file - 1, row), (file, row + 1), (file, row - 1)]
    near = [cell_name(f, r) for f, r in found if 0 <= f < board.width and 1 <= r <= board.height]
    if len(_NEAR) < CACHED:
        _NEAR[key] = near
    return list(near)


def diagonals(board: Board, cell: str) -> list[str]:
    """The corner neighbours on the board (T3.2)."""
    file, row = cell_xy(cell)
    found = [(file + df, row + dr) for df in (-1, 1) for dr in (-1, 1)]
    return [cell_name(f, r) for f, r in found if 0 <= f < board.width and 1 <= r <= board.height]
