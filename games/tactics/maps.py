"""Maps in their text form (docs/tactics.md T3.11, T18.2): a shipped map by its name, or a map
drawn as rows of letters from the 後手 edge down to row 1 (`.` plain, `M` mountain, `W` water,
`F` forest, `B` base), read and written back, and the first fault of T3.11 a drawing has, named
precisely enough to be fixed (a campaign's organiser draws one: the site words each fault).

>>> board = map_read("classic-9")
>>> board.name, board.width
('classic-9', 9)
>>> drawn = map_read('''
...     ..B..
...     .M...
...     .....
...     ...M.
...     ..B..
... ''')
>>> drawn.rows, map_write(drawn)
(('..B..', '.M...', '.....', '...M.', '..B..'), '..B..\\n.M...\\n.....\\n...M.\\n..B..')
>>> map_fault(["..B...", "......", "...B.."])
('even', {'files': 6})
>>> map_fault(["..B..", ".M...", "..B.."])
('mirror', {'cell': 'b2', 'terrain': 'mountain', 'opposite': 'd2', 'other': 'plain'})
>>> map_read("...B.\\n.....\\n.B...")
Traceback (most recent call last):
...
games.tactics.errors.TacticsViolation: T3.11: the two bases stand at the middles of the first and the last rows
"""

from games.tactics.board import CLASSIC_9, FILES, LETTERS, Board, cell_name

DRAWN = "drawn"  # the name a drawn map bears (T18.2's inline map: any name but a shipped map's)
MAPS = {"classic-9": CLASSIC_9}  # the shipped maps (T3.12), by name
HEROES_PER_SIDE = 3  # a war's games: N = 3 (docs/tactics.md §T17)
MAX_ROWS = len(FILES)  # a drawn map is at most 26 × 26: files a–z (T18.2), and as many rows


def map_rows(text: str) -> list[str]:
    """A drawing's rows: one a line, spaces around each ignored, blank lines skipped, letters
    read in either case (`m` is `M`)."""
    return [line.strip().upper() for line in text.splitlines() if line.strip()]


def map_fault(rows: list[str], heroes_per_side: int = HEROES_PER_SIDE) -> tuple[str, dict] | None:
    """The first constraint of T3.11 the drawn rows break, as a code and what it names: `empty`,
    `letter` (row, letter), `ragged` (row, files, width), `even` (files), `wide` (files), `tall`
    (rows), `bases` (first, second), `spawns` (spawns, least), `mirror` (cell, terrain, opposite,
    other); None when the map is good. A row is named by its number (row 1 is the 先手 edge)."""
    if not rows:
        return "empty", {}
    height, width = len(rows), len(rows[0])
    if height > MAX_ROWS:
        return "tall", {"rows": height}
    for i, row in enumerate(rows):
        strange = [ch for ch in row if ch not in LETTERS]
        if strange:
            return "letter", {"row": height - i, "letter": strange[0]}
        if len(row) != width:
            return "ragged", {"row": height - i, "files": len(row), "width": width}
    if width % 2 == 0:
        return "even", {"files": width}
    if width > len(FILES):
        return "wide", {"files": width}
    board = Board(DRAWN, tuple(rows))
    bases = sorted(c for c in board.cells() if board.terrain(c) == "base")
    if bases != sorted({board.base("first"), board.base("second")}) or len(bases) != 2:
        return "bases", {"first": board.base("first"), "second": board.base("second")}
    if len(board.spawn_points("first")) < heroes_per_side + 1:
        return "spawns", {"spawns": width - 1, "least": heroes_per_side + 1}
    for i, row in enumerate(rows):
        for f, letter in enumerate(row):
            turned = rows[height - 1 - i][width - 1 - f]
            if letter != turned:
                return "mirror", {
                    "cell": cell_name(f, height - i),
                    "terrain": LETTERS[letter],
                    "opposite": cell_name(width - 1 - f, i + 1),
                    "other": LETTERS[turned],
                }
    return None


def map_read(text: str, heroes_per_side: int = HEROES_PER_SIDE) -> Board:
    """A shipped map by its name, or a drawing, checked by the engine itself (`Board.validate`,
    TacticsViolation("T3.11")); `map_fault` says first which constraint a drawing breaks."""
    name = text.strip()
    if name in MAPS:
        return Board(name, MAPS[name])
    board = Board(DRAWN, tuple(map_rows(text)))
    board.validate(heroes_per_side)
    return board


def map_write(board: Board) -> str:
    """A map as `map_read` reads it: a shipped map's name, else its rows one a line."""
    return board.name if MAPS.get(board.name) == board.rows else "\n".join(board.rows)


def map_named(rows: list[str] | tuple[str, ...]) -> str:
    """The shipped map these rows draw, or "" (a drawing of classic-9 is classic-9)."""
    return next((name for name, drawn in MAPS.items() if tuple(rows) == drawn), "")
