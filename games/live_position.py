"""A live game's next move judged from the position after its stored moves, not by replaying the
game: the same judge (R11.3 legality and results, R11.4 handicap, R11.5 opening restriction),
the same Judgement and the same refusals as the full replay, at a cost that does not grow with
the game. Pure: no Django.

Each process keeps the position after the moves it last judged, keyed by everything the judge
reads — the kind, the game's terms (favoured colour, its moves in a row, the restricted colour)
and the moves themselves, compared whole — so a kept position can only ever be used for the
very game it was worked out for. A position kept a few moves back (the other player's move was
judged in another process) is brought up to date by the stored moves since; with none kept
(after a restart, or a game this process never saw) the game is replayed whole once.

What xiangqi's repetition ruling needs is the history since the last capture: pyffish's
repetition and n-move rules look back no further than its move counter, which a capture
resets. The kept position holds pyffish's position before the last capture and the moves
since, and the rulings are asked with those (`xiangqi._result` for mate and stalemate, and, when
the position stood before, `xiangqi.repetition` for the claim a repetition gives: the functions
the full replay asks), with how often each position of the game stood.
Chess keeps python-chess's board, whose repetition checks stop at the last irreversible move.

>>> judge("xiangqi", [], "炮二平五").moves
['h2e2']
>>> judge("xiangqi", ["h2e2", "h9g7"], "h0g2").moves[-1], judge("xiangqi", ["h2e2", "h9g7", "h0g2"], "i9h9").moves[-1]
('h0g2', 'i9h9')
"""

from dataclasses import dataclass

import chess
import pyffish

from games import chess_records, xiangqi
from games.base import Judgement, RecordError, Termination
from games.kept import Kept
from games.xiangqi_notation import COLUMNS, Board, from_fairy, to_fairy

KEPT_GAMES = 512  # positions kept per process (a live game's is a few kilobytes)
CATCH_UP = 8  # stored moves a kept position is brought forward by, at most


@dataclass
class XiangqiPosition:
    board: Board  # our board after the moves: it reads the next move in any notation
    legal: frozenset[str]  # pyffish's legal moves (its coordinates) for the side to move
    since_fen: str  # pyffish's position before the last capture (or after the handicap)
    since: list[str]  # pyffish's moves from `since_fen` to now
    seen: dict[tuple[int, bool], int]  # how often each position of the game stood (placement, side to move)


@dataclass
class ChessPosition:
    board: chess.Board  # with its move stack: python-chess's repetition checks read it


Position = XiangqiPosition | ChessPosition


def replay(
    kind: str,
    tokens: list[str],
    *,
    favoured: str | None = None,
    extra_moves: int = 0,
    restricted: str | None = None,
    repetition_limit: int | None = None,
) -> Judgement:
    """The whole game judged from the standard start, as a reported record is (a live game's
    xiangqi repetition ends it at `repetition_limit`)."""
    if kind == "xiangqi":
        return xiangqi.judge_moves(
            xiangqi.START,
            tokens,
            favoured=favoured,
            extra_moves=extra_moves,
            restricted=restricted,
            repetition_limit=repetition_limit,
        )
    return chess_records.judge_moves(
        chess.Board(), tokens, favoured=favoured, extra_moves=extra_moves, restricted=restricted
    )


def judge(
    kind: str,
    moves: list[str],
    token: str,
    *,
    favoured: str | None = None,
    extra_moves: int = 0,
    restricted: str | None = None,
    repetition_limit: int | None = None,
) -> Judgement:
    """The game after one more move `token`, judged from the position kept for `moves` (trusted
    canonical moves of an accepted game); the same result or RecordError as `replay`."""
    terms = (kind, favoured, extra_moves, restricted)
    position = _take(terms, moves)
    if position is None:
        judgement = replay(
            kind,
            [*moves, token],
            favoured=favoured,
            extra_moves=extra_moves,
            restricted=restricted,
            repetition_limit=repetition_limit,
        )
        if judgement.result is None and len(judgement.moves) > _opening_plies(favoured, extra_moves):
            _keep(terms, judgement.moves, _position_after(kind, judgement, favoured, extra_moves))
        return judgement
    try:
        judgement = _next(position, moves, token, repetition_limit)
    except RecordError:
        _keep(terms, moves, position)  # a refused move changed nothing kept
        raise
    if judgement.result is None:
        _keep(terms, judgement.moves, position)
    return judgement


def _opening_plies(favoured: str | None, extra_moves: int) -> int:
    """The plies during which the judge reads more than the position (R11.4's handicap moves in
    a row, each side's first move for R11.5): judged by the full replay."""
    handicap = extra_moves if favoured is not None and extra_moves > 1 else 0
    return max(handicap, 1) + 1


def _next(position: Position, moves: list[str], token: str, repetition_limit: int | None = None) -> Judgement:
    """`token` judged on the kept position, which then stands after it (when it is legal)."""
    ply = len(moves) + 1
    if isinstance(position, ChessPosition):
        move = chess_records.judge_move(position.board, token, ply, handicap=0, first_of={"white": (), "black": ()})
        return chess_records.board_judgement(position.board, [*moves, move])
    board = _copy(position.board)
    iccs = xiangqi.read_move(board, token, ply)
    fairy = to_fairy(iccs)
    if fairy not in position.legal:
        raise RecordError(f'move {ply} "{token}" is illegal', code="illegal", ply=ply, move=token)
    since_fen, since = position.since_fen, [*position.since, fairy]
    try:
        legal = pyffish.legal_moves(xiangqi.VARIANT, since_fen, since)
    except SystemError:  # pyffish refuses what its own list offered: the replay would too
        raise RecordError(f'move {ply} "{token}" is illegal', code="illegal", ply=ply, move=token) from None
    key = (board.key, board.red)
    result, termination = xiangqi._result(since_fen, since, legal)
    claim = None
    if result is None and position.seen.get(key, 0) >= 1:  # a second time at least: as the replay asks
        claim = xiangqi.repetition(since_fen, [from_fairy(move) for move in since])
        if claim is not None and repetition_limit is not None and claim.count >= repetition_limit:
            result = claim.result
            termination = Termination.REPETITION if claim.kind == "repetition" else Termination.PERPETUAL
    if _captures(position.board, iccs):  # the history before it can never recur
        since_fen, since = pyffish.get_fen(xiangqi.VARIANT, since_fen, position.since), [fairy]
    position.seen[key] = position.seen.get(key, 0) + 1
    position.board, position.legal, position.since_fen, position.since = board, frozenset(legal), since_fen, since
    return Judgement(
        kind="xiangqi",
        moves=[*moves, iccs],
        result=result,
        termination=termination,
        legal=[from_fairy(move) for move in legal],
        claimable=claim if result is None else None,
    )


def _captures(board: Board, iccs: str) -> bool:
    return (COLUMNS.index(iccs[2]), int(iccs[3])) in board.squares


def _copy(board: Board) -> Board:
    copied = Board.__new__(Board)
    copied.squares = dict(board.squares)
    copied.where = {piece: set(points) for piece, points in board.where.items()}
    copied.key, copied.red = board.key, board.red
    return copied


def _position_after(kind: str, judgement: Judgement, favoured: str | None, extra_moves: int) -> Position:
    """The position after an accepted game's moves, worked out once (a game this process has not
    kept): replayed as the full judge replays it."""
    handicap = extra_moves if favoured is not None and extra_moves > 1 else 0
    moves = judgement.moves
    if kind == "chess":
        return ChessPosition(board=_chess_board(moves, favoured, handicap))
    fen = xiangqi.START if favoured is None else xiangqi._with_side(xiangqi.START, favoured == "red")
    board, last_capture = Board(fen), handicap
    seen: dict[tuple[int, bool], int] = {}
    for ply, move in enumerate(moves, 1):
        if _captures(board, move):
            last_capture = ply - 1
        board.push(move)
        if ply < handicap:
            board.flip_turn()
        key = (board.key, board.red)
        seen[key] = seen.get(key, 0) + 1
    fairy = [to_fairy(move) for move in moves]
    rest_fen = xiangqi._handicap(fen, fairy, moves, favoured == "red", handicap) if handicap else fen
    since_fen = pyffish.get_fen(xiangqi.VARIANT, rest_fen, fairy[handicap:last_capture])
    return XiangqiPosition(
        board=board,
        legal=frozenset(to_fairy(move) for move in judgement.legal or []),
        since_fen=since_fen,
        since=fairy[last_capture:],
        seen=seen,
    )


def _chess_board(moves: list[str], favoured: str | None, handicap: int) -> chess.Board:
    """The board as `chess_records.judge_moves` leaves it: the favoured side to move first, its
    handicap moves in a row."""
    board = chess.Board()
    if favoured is not None:
        board.turn = favoured == "white"
    for ply, move in enumerate(moves, 1):
        board.push(chess.Move.from_uci(move))
        if ply < handicap:
            board.turn = not board.turn
    return board


def _take(terms: tuple, moves: list[str]) -> Position | None:
    """The position kept for `moves`, taken out (no other thread judges on it meanwhile); or
    one kept a few moves back, brought forward by the stored moves since; None when neither."""
    for back in range(min(CATCH_UP, len(moves)) + 1):
        position = _kept.take((terms, tuple(moves[: len(moves) - back])))
        if position is not None:
            break
    else:
        return None
    played = len(moves) - back
    try:
        for ply in range(played, len(moves)):
            if _next(position, moves[:ply], moves[ply]).result is not None:
                return None
    except RecordError:
        return None
    return position


def _keep(terms: tuple, moves: list[str], position: Position) -> None:
    _kept.put((terms, tuple(moves)), position)


_kept: Kept[Position] = Kept(KEPT_GAMES)
