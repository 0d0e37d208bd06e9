"""A game's moves as its pages write them (Chinese notation and WXF for xiangqi, SAN for chess)
and its board after them, kept per process and extended by the moves played since: a live
game's watchers are sent every move written, and its board drawn, after each move, at a cost
that does not grow with the game. Exactly what `xiangqi.game_notation`, `chess_records.game_board`
and `xiangqi_svg.board_svg` give, worked out once per move instead of once per move per move.
Pure: no Django.

Kept by the kind, the game's terms (R11.4's favoured colour and moves in a row) and the moves
themselves, compared whole: a kept writing is only ever used for the very moves it was written
for, or extended from a shorter game's when those are its first moves.

>>> xiangqi_written(["h2e2", "h9g7"]).chinese
('炮二平五', '馬８進７')
>>> chess_written(["e2e4", "e7e5", "g1f3"]).sans
('e4', 'e5', 'Nf3')
"""

from dataclasses import dataclass

import chess
import chess.svg

from games import xiangqi
from games.chess_records import game_board
from games.chess_svg import board_svg as chess_board_svg
from games.kept import Kept
from games.xiangqi_notation import COLUMNS, Board, chinese_from_wxf
from games.xiangqi_svg import board_svg

KEPT = 1024  # writings kept per process
EXTEND = 8  # moves a kept writing is extended by, at most (else the game is written whole)


@dataclass(frozen=True)
class XiangqiWritten:
    wxf: tuple[str, ...]
    chinese: tuple[str, ...]
    board: Board  # after the moves (never changed: copied to be extended)


@dataclass(frozen=True)
class ChessWritten:
    sans: tuple[str, ...]
    board: chess.Board  # after the moves, without its move stack (never changed)


def xiangqi_written(moves: list[str], *, favoured: str | None = None, extra_moves: int = 0) -> XiangqiWritten:
    """The moves of an accepted xiangqi game in WXF and Chinese notation, and the board after
    them (what `xiangqi.game_notation` writes)."""
    key = ("xiangqi", favoured, extra_moves)
    handicap = extra_moves if favoured in ("red", "black") and extra_moves > 1 else 0
    found, count = _prefix(key, moves, handicap)
    if not isinstance(found, XiangqiWritten):
        pairs = xiangqi._written(tuple(moves), favoured, extra_moves)
        # the board `xiangqi._written` writes on: the favoured side first (R11.4)
        favoured_first = favoured in ("red", "black")
        board = Board(xiangqi._with_side(xiangqi.START, favoured == "red") if favoured_first else xiangqi.START)
        for ply, move in enumerate(moves, 1):
            board.push(move)
            if ply < handicap:
                board.flip_turn()
        written = XiangqiWritten(
            wxf=tuple(wxf for wxf, _red in pairs),
            chinese=tuple(chinese_from_wxf(wxf, red) for wxf, red in pairs),
            board=board,
        )
    else:
        board, wxf, chinese = _copy(found.board), list(found.wxf), list(found.chinese)
        for move in moves[count:]:
            red = board.red
            wxf.append(board.wxf(move))
            chinese.append(chinese_from_wxf(wxf[-1], red))
            board.push(move)
        written = XiangqiWritten(wxf=tuple(wxf), chinese=tuple(chinese), board=board)
    _keep(key, moves, written)
    return written


def chess_written(moves: list[str], *, favoured: str | None = None, extra_moves: int = 0) -> ChessWritten:
    """The moves of an accepted chess game in SAN and the board after them (what
    `chess_records.game_board` gives)."""
    key = ("chess", favoured, extra_moves)
    found, count = _prefix(key, moves, _handicap(favoured, extra_moves))
    if not isinstance(found, ChessWritten):
        board, sans = game_board(moves, favoured=favoured, extra_moves=extra_moves)
        written = ChessWritten(sans=tuple(sans), board=board.copy(stack=False))
    else:
        board, more = found.board.copy(stack=False), list(found.sans)
        for uci in moves[count:]:
            move = chess.Move.from_uci(uci)
            more.append(board.san(move))
            board.push(move)
        written = ChessWritten(sans=tuple(more), board=board.copy(stack=False))
    _keep(key, moves, written)
    return written


def xiangqi_drawing(moves: list[str], *, favoured: str | None = None, extra_moves: int = 0) -> str:
    """The board after `moves` drawn, the last move marked (what `board_svg(START, moves, last)`
    draws)."""
    board = xiangqi_written(moves, favoured=favoured, extra_moves=extra_moves).board
    return board_svg(_placement(board), [], last=moves[-1] if moves else None)


def chess_drawing(moves: list[str], *, favoured: str | None = None, extra_moves: int = 0) -> str:
    """The board after `moves` drawn by python-chess, each piece and coordinate upright on a turned
    board (`chess_svg`), the last move marked."""
    board = chess_written(moves, favoured=favoured, extra_moves=extra_moves).board
    return chess_board_svg(board, chess.Move.from_uci(moves[-1]) if moves else None)


def _placement(board: Board) -> str:
    """The board's placement as a FEN (the side to move does not change a drawing)."""
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for col in range(len(COLUMNS)):
            piece = board.squares.get((col, rank))
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if board.red else " b")


def _handicap(favoured: str | None, extra_moves: int) -> int:
    return extra_moves if favoured is not None and extra_moves > 1 else 0


def _copy(board: Board) -> Board:
    copied = Board.__new__(Board)
    copied.squares = dict(board.squares)
    copied.where = {piece: set(points) for piece, points in board.where.items()}
    copied.key, copied.red = board.key, board.red
    return copied


def _prefix(key: tuple, moves: list[str], handicap: int) -> tuple[object, int]:
    """The writing kept for `moves`, or for its first moves (a few fewer, past the handicap's
    moves in a row), and how many moves it covers."""
    for count in range(len(moves), max(handicap, len(moves) - EXTEND) - 1, -1):
        found = _kept.get((key, tuple(moves[:count])))
        if found is not None:
            return found, count
    return None, 0


def _keep(key: tuple, moves: list[str], written: object) -> None:
    _kept.put((key, tuple(moves)), written)


_kept: Kept[object] = Kept(KEPT)
