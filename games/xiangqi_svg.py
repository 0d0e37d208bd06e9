"""A xiangqi board drawn as SVG, of our own drawing (no library draws one). Pure: no Django."""

from html import escape

from games.xiangqi_notation import Board

CELL, MARGIN, RADIUS = 40, 30, 17
RED_CHARS = {"r": "俥", "n": "傌", "b": "相", "a": "仕", "k": "帥", "c": "炮", "p": "兵"}
BLACK_CHARS = {"r": "車", "n": "馬", "b": "象", "a": "士", "k": "將", "c": "砲", "p": "卒"}


def _xy(col: int, rank: int) -> tuple[int, int]:
    return MARGIN + col * CELL, MARGIN + (9 - rank) * CELL


RED_FILES = "九八七六五四三二一"  # red's files, numbered from red's right (the notation's numbers)


def _file_numbers(width: int, height: int) -> list[str]:
    """The files' numbers as both notations count them: black's 1–9 along the top (from black's
    right), red's 一–九 along the bottom (from red's right); on a turned board each side reads
    its own numbers at the bottom."""
    labels = []
    for col in range(9):
        x, _y = _xy(col, 0)
        labels.append(
            f'<text x="{x}" y="11" text-anchor="middle" font-size="11" fill="#5a3b1a" class="coord">{col + 1}</text>'
            f'<text x="{x}" y="{height - 2}" text-anchor="middle" font-size="11" fill="#5a3b1a" class="coord">'
            f"{RED_FILES[col]}</text>"
        )
    return labels


def board_svg(fen: str, moves: list[str], last: str | None = None) -> str:
    """The position after `moves` (ICCS) from `fen`; `last` marks a move's two squares.

    >>> svg = board_svg("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", ["h2e2"])
    >>> svg.count("<circle"), "炮" in svg
    (32, True)
    """
    board = Board(fen)
    for move in moves:
        board.push(move)
    width, height = 2 * MARGIN + 8 * CELL, 2 * MARGIN + 9 * CELL
    parts = [
        # lang: the pieces are Chinese characters whatever the page's language
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" class="xiangqi" role="img"'
        ' lang="zh-Hant">',
        f'<rect width="{width}" height="{height}" fill="#f3d9a4"/>',
    ]
    for rank in range(10):
        x1, y = _xy(0, rank)
        x2, _y = _xy(8, rank)
        parts.append(f'<line x1="{x1}" y1="{y}" x2="{x2}" y2="{y}" stroke="#5a3b1a"/>')
    for col in range(9):
        for low, high in ((0, 4), (5, 9)) if 0 < col < 8 else ((0, 9),):
            x, y1 = _xy(col, low)
            _x, y2 = _xy(col, high)
            parts.append(f'<line x1="{x}" y1="{y1}" x2="{x}" y2="{y2}" stroke="#5a3b1a"/>')
    for ranks in ((0, 2), (7, 9)):  # the palaces' diagonals
        (ax, ay), (bx, by) = _xy(3, ranks[0]), _xy(5, ranks[1])
        (cx, cy), (dx, dy) = _xy(5, ranks[0]), _xy(3, ranks[1])
        parts.append(
            f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="#5a3b1a"/>'
            f'<line x1="{cx}" y1="{cy}" x2="{dx}" y2="{dy}" stroke="#5a3b1a"/>'
        )
    river_y = MARGIN + 4.5 * CELL
    parts.append(
        f'<text x="{width / 2}" y="{river_y + 6}" text-anchor="middle" font-size="18" fill="#5a3b1a">'
        "楚 河　　　　漢 界</text>"
    )
    parts.extend(_file_numbers(width, height))
    if last:
        for square in (last[:2], last[2:]):
            x, y = _xy("abcdefghi".index(square[0]), int(square[1]))
            parts.append(
                f'<rect x="{x - 20}" y="{y - 20}" width="40" height="40" fill="none" stroke="#2a7ab0" '
                'stroke-width="3" class="last"/>'
            )
    for (col, rank), piece in sorted(board.squares.items()):
        x, y = _xy(col, rank)
        red = piece.isupper()
        char = (RED_CHARS if red else BLACK_CHARS)[piece.lower()]
        colour = "#b3261e" if red else "#222"
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{RADIUS}" fill="#fbeed3" stroke="{colour}" stroke-width="2"/>'
            f'<text x="{x}" y="{y + 7}" text-anchor="middle" font-size="20" fill="{colour}">'
            f"{escape(char)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
