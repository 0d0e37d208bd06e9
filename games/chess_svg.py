"""A chess board drawn as SVG by python-chess, with every piece and coordinate in a group of its
own (class `up`), so that a page can turn the board half round and keep them upright, as it
does with a xiangqi board's characters. Pure: no Django.

>>> svg = board_svg(chess.Board(), None)
>>> svg.count('<g class="up">') == 32 + 32  # 32 pieces, 8 files and 8 ranks on two sides each
True
"""

import re

import chess
import chess.svg

# A piece is `<use … transform="translate(x, y)" />` (a 45-point square); a coordinate is a
# glyph's path in `<g transform="translate(…) scale(…)" …>`.
_PIECE = re.compile(r'<use (href="#[\w-]+" xlink:href="#[\w-]+") transform="(translate\([\d., ]+\))" />')
_COORDINATE = re.compile(r'(<g transform="translate\([\d., ]+\) scale\([\d., ]+\)"[^>]*>)(<path [^>]*/>)(</g>)')


def board_svg(board: chess.Board, lastmove: chess.Move | None) -> str:
    svg = chess.svg.board(board, lastmove=lastmove, size=400)
    # The square's own frame inside the group: the group's centre is the square's, the turn exact.
    svg = _PIECE.sub(
        r'<g transform="\2"><g class="up"><rect width="45" height="45" fill="none"/><use \1 /></g></g>', svg
    )
    return _COORDINATE.sub(r'\1<g class="up">\2</g>\3', svg)
