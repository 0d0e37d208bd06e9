"""A position drawn as text for a terminal (the BBS): xiangqi in Chinese characters, chess in
letters or symbols, turned for the player of black, the last move marked. Pure: no Django, no
terminal library. The drawing is a list of (style, text) fragments as prompt_toolkit's
formatted text takes them, lines separated by a "\\n" fragment; the styles are class names
("class:red", "class:black", "class:white", "class:last" …) that a screen maps to colours
(`STYLE_RULES`).

Only characters of a fixed width are used: the pieces, full-width forms (＋－｜＼／, full-width
digits) and ASCII. Box-drawing characters (─│┼) and the middle dot are of "ambiguous" East Asian
width: one column in a Western terminal, two in a Big5 or CJK one, which would tear the board
apart; every character here is two columns (or one, ASCII) everywhere, as wcwidth counts them.

>>> print(plain(xiangqi_board(START)).splitlines()[1])
車－馬－象－士－將－士－象－馬－車
>>> [plain(line) for line in fragment_lines(xiangqi_board(START))][-1]
'九  八  七  六  五  四  三  二  一'
>>> plain(chess_board(CHESS_START, last="e2e4")).splitlines()[0]
'8  r  n  b  q  k  b  n  r '

"""

from collections.abc import Iterable

import chess
from wcwidth import wcswidth, wcwidth

Fragments = list[tuple[str, str]]

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
CHESS_START = chess.STARTING_FEN

RED = {"r": "俥", "n": "傌", "b": "相", "a": "仕", "k": "帥", "c": "炮", "p": "兵"}
BLACK = {"r": "車", "n": "馬", "b": "象", "a": "士", "k": "將", "c": "砲", "p": "卒"}
BIG5_RED_CHARIOT = "車"  # 俥 is not in Big5 (only in HKSCS): PTT wrote 車 for both, told apart by colour
RED_FILES = "九八七六五四三二一"  # red's files from red's right: the a-file is red's 九
BLACK_FILES = "１２３４５６７８９"  # black's from black's right: the a-file is black's 1
RIVER = "　　　楚　河　　　漢　界　　　"

XIANGQI_WIDTH = 34  # 9 points and 8 links, two columns each
XIANGQI_HEIGHT = 21  # 10 ranks, 9 rows between them (the river one of them), 2 of file numbers
XIANGQI_COMPACT_HEIGHT = 13  # without the rows between ranks, but the river's
CHESS_WIDTH = 26  # a rank's number and a space, 8 squares of three columns
CHESS_HEIGHT = 9  # 8 ranks and the files' letters

# What a screen gives each style name (prompt_toolkit's style rules): a terminal's background is
# dark, so black's pieces are drawn light, and red's bright.
STYLE_RULES = [
    ("grid", "ansiyellow"),
    ("river", "ansiyellow"),
    ("coord", "ansigray"),
    ("red", "ansibrightred bold"),
    ("black", "ansibrightcyan bold"),
    ("white", "ansiwhite bold"),
    ("light", ""),
    ("dark", "ansigray"),
    ("last", "reverse"),
    ("facedown", "ansigreen"),
]


def _placement(fen: str) -> dict[tuple[int, int], str]:
    """(column 0–8 from red's left, rank 0–9 from red's side) → the piece's letter (red upper)."""
    squares = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        col = 0
        for char in text:
            if char.isdigit():
                col += int(char)
            else:
                squares[(col, 9 - row)] = char
                col += 1
    return squares


def _xiangqi_point(x: int, y: int, flipped: bool) -> tuple[int, int]:
    """The board's (column, rank) drawn at column `x`, row `y` (0 at the top)."""
    return (8 - x, y) if flipped else (x, 9 - y)


def _diagonal(x: int, y: int, flipped: bool) -> str:
    """What the cell right of and below point (x, y) holds: a palace's diagonal or nothing. Each
    cell of a palace has the palace's centre at one corner, and its diagonal runs through it."""
    corners = [_xiangqi_point(x + dx, y + dy, flipped) for dy in (0, 1) for dx in (0, 1)]
    if not all(3 <= col <= 5 and (rank <= 2 or rank >= 7) for col, rank in corners):
        return "  "
    centre = next(i for i, (col, rank) in enumerate(corners) if col == 4 and rank in (1, 8))
    return "＼" if centre in (0, 3) else "／"


def xiangqi_board(
    fen: str = START, *, last: str | None = None, flipped: bool = False, big5: bool = False, compact: bool = False
) -> Fragments:
    """The xiangqi position `fen` (its placement is enough) with the files' numbers as each side
    reads them (black's １–９ at black's edge, red's 一–九 at red's), red at the bottom or, turned
    (`flipped`) for black's player, at the top. `last` (ICCS, `h2e2`) marks the last move's two
    points. `big5`: red's chariot written 車, which a Big5 terminal can show. `compact` leaves out
    the rows between the ranks but the river's (13 lines instead of 21).

    >>> board = plain(xiangqi_board(START, last="h2e2", flipped=True)).splitlines()
    >>> board[0], board[10]
    ('一  二  三  四  五  六  七  八  九', '｜　　　楚　河　　　漢　界　　　｜')
    """
    squares = _placement(fen)
    marked = {_iccs_point(last[:2]), _iccs_point(last[2:4])} if last else set()
    numbers = (RED_FILES[::-1], BLACK_FILES[::-1]) if flipped else (BLACK_FILES, RED_FILES)
    out: Fragments = [("class:coord", "  ".join(numbers[0])), ("", "\n")]
    for y in range(10):
        for x in range(9):
            point = _xiangqi_point(x, y, flipped)
            piece = squares.get(point)
            mark = ",last" if point in marked else ""
            if piece is None:
                out.append(("class:grid" + mark, "＋"))
            elif piece.isupper():
                char = BIG5_RED_CHARIOT if big5 and piece == "R" else RED[piece.lower()]
                out.append(("class:red" + mark, char))
            else:
                out.append(("class:black" + mark, BLACK[piece]))
            if x < 8:
                out.append(("class:grid", "－"))
        out.append(("", "\n"))
        if y == 4:
            out += [("class:grid", "｜"), ("class:river", RIVER), ("class:grid", "｜"), ("", "\n")]
        elif y < 9 and not compact:
            links = "".join("｜" + (_diagonal(x, y, flipped) if x < 8 else "") for x in range(9))
            out += [("class:grid", links), ("", "\n")]
    out.append(("class:coord", "  ".join(numbers[1])))
    return out


def _iccs_point(square: str) -> tuple[int, int]:
    return "abcdefghi".index(square[0]), int(square[1])


def chess_board(
    fen: str = CHESS_START, *, last: str | None = None, flipped: bool = False, symbols: bool = False
) -> Fragments:
    """The chess position `fen`: white's pieces in capitals (K Q R B N P), black's in small
    letters, or (`symbols`) as the Unicode chess symbols; white at the bottom, or black when
    `flipped`; `last` (UCI, `e2e4`) marks the last move's two squares.

    >>> print(plain(chess_board(CHESS_START, flipped=True)).splitlines()[-1])
       h  g  f  e  d  c  b  a
    """
    board = chess.Board(fen)
    marked = {chess.parse_square(last[:2]), chess.parse_square(last[2:4])} if last else set()
    ranks = range(8) if flipped else range(7, -1, -1)
    files = range(7, -1, -1) if flipped else range(8)
    out: Fragments = []
    for rank in ranks:
        out.append(("class:coord", f"{rank + 1} "))
        for file in files:
            square = chess.square(file, rank)
            shade = "class:light" if (file + rank) % 2 else "class:dark"
            mark = ",last" if square in marked else ""
            piece = board.piece_at(square)
            if piece is None:
                out.append((shade + mark, " . "))
                continue
            colour = "class:white" if piece.color == chess.WHITE else "class:black"
            out.append((f"{shade} {colour}{mark}", f" {piece.unicode_symbol() if symbols else piece.symbol()} "))
        out.append(("", "\n"))
    out.append(("class:coord", "  " + "".join(f" {chess.FILE_NAMES[file]} " for file in files).rstrip()))
    return out


FACE_DOWN = "？"  # a dark-chess piece not yet flipped
EMPTY = "．"
BANQI_WIDTH = 34  # a rank's number and a space, 8 squares of four columns
BANQI_HEIGHT = 5  # the files' letters and 4 ranks


def banqi_board(rows: list[list[dict]], *, last: str | None = None, big5: bool = False) -> Fragments:
    """A dark-chess (banqi, R11.7) board as `banqi.board_rows` gives it (rank 4 at the top): a
    face-down piece as ？, a face-up one by its character in its colour, an empty square as ．;
    at the end (`board_rows(reveal=True)`) the pieces that stayed face down are shown in the
    `facedown` style. `last`: the last action (`b3`, `b3-b4`, `b3xb1`), its squares marked.

    >>> import random
    >>> from games.banqi import board_rows, deal, replay
    >>> rows = board_rows(replay(deal(random.Random(7)), ["a1"]))
    >>> print(plain(banqi_board(rows, last="a1")).splitlines()[-1].rstrip())
    1  卒  ？  ？  ？  ？  ？  ？  ？
    """
    marked = {last[:2], last[-2:]} if last else set()
    out: Fragments = [("class:coord", "  " + "".join(f"  {square['name'][0]} " for square in rows[0]).rstrip())]
    for row in rows:
        out += [("", "\n"), ("class:coord", row[0]["name"][1] + " ")]
        for square in row:
            mark = ",last" if square["name"] in marked else ""
            if square["empty"]:
                style, char = "class:grid", EMPTY
            elif not square["up"]:
                style, char = "class:facedown", FACE_DOWN
            else:
                char = BIG5_RED_CHARIOT if big5 and square["char"] == RED["r"] else square["char"]
                style = ("class:red" if square["red"] else "class:black") + (",facedown" if square["was_down"] else "")
            out += [("", " "), (style + mark, char), ("", " ")]
    return out


def placements(kind: str, moves: list[str]) -> list[str]:
    """The placement (a FEN's first field, what a drawing needs) before the first move and after
    each of `moves` (trusted canonical moves: ICCS, UCI), for a replay's steps. Whose turn it is
    does not matter to a drawing, so a handicap's moves in a row (R11.4) need no terms here.

    >>> placements("xiangqi", ["h2e2"])[1]
    'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR'
    >>> placements("chess", ["e2e4"])[1]
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR'
    """
    return list(_placements(kind, moves, every=True))


def placement(kind: str, moves: list[str]) -> str:
    """The placement after `moves` alone (a live game's board at each change).

    >>> placement("xiangqi", ["h2e2", "h9g7"]) == placements("xiangqi", ["h2e2", "h9g7"])[-1]
    True
    """
    return next(iter(_placements(kind, moves, every=False)))


def _placements(kind: str, moves: list[str], *, every: bool):
    if kind == "chess":
        board = chess.Board()
        if every:
            yield board.board_fen()
        for uci in moves:
            move = chess.Move.from_uci(uci)
            board.turn = board.color_at(move.from_square) is not False  # the mover's, in a row or not
            board.push(move)
            if every:
                yield board.board_fen()
        if not every:
            yield board.board_fen()
        return
    squares = _placement(START)
    if every:
        yield START.split()[0]
    for iccs in moves:
        squares[_iccs_point(iccs[2:4])] = squares.pop(_iccs_point(iccs[:2]))
        if every:
            yield _xiangqi_fen(squares)
    if not every:
        yield _xiangqi_fen(squares)


def _xiangqi_fen(squares: dict[tuple[int, int], str]) -> str:
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for col in range(9):
            piece = squares.get((col, rank))
            if piece is None:
                empty += 1
            else:
                row, empty = row + (str(empty) if empty else "") + piece, 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def fragment_lines(fragments: Iterable[tuple[str, str]]) -> list[Fragments]:
    """The fragments split into lines (as prompt_toolkit's `split_lines` does), for a screen that
    sets a board beside other text."""
    lines: list[Fragments] = [[]]
    for style, text in fragments:
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if i:
                lines.append([])
            if part:
                lines[-1].append((style, part))
    return lines


def plain(fragments: Iterable[tuple[str, str]]) -> str:
    """The text without its styles."""
    return "".join(text for _style, text in fragments)


def width(text: str) -> int:
    """Terminal columns of a line of text (wcwidth: CJK two, ASCII one); a character of no known
    width counts two, so that a line is never longer than promised."""
    columns = wcswidth(text)
    return columns if columns >= 0 else sum(w if (w := wcwidth(char)) >= 0 else 2 for char in text)


def line_widths(fragments: Iterable[tuple[str, str]]) -> list[int]:
    """The columns each line of a drawing takes."""
    return [width(plain(line)) for line in fragment_lines(fragments)]
