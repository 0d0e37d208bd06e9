"""Western chess records judged by python-chess (R11.1 option, R11.3–R11.5). Pure: no Django."""

import chess

from games.base import Claimable, Judgement, RecordError, Termination
from games.records import split_record

MAX_PLIES = 1000
MAINSTREAM = {"white": {"e4", "d4", "c4", "Nf3"}, "black": {"e5", "c5", "e6", "c6", "d5", "Nf6"}}


def _parse(board: chess.Board, token: str, ply: int) -> chess.Move:
    if len(token) > 10:  # no SAN or UCI move is longer (exd8=Q+)
        raise RecordError(f'move {ply} "{token[:20]}" cannot be read', code="unreadable", ply=ply, move=token[:20])
    try:
        return board.parse_san(token)
    except chess.IllegalMoveError:
        raise RecordError(f'move {ply} "{token}" is illegal', code="illegal", ply=ply, move=token) from None
    except (chess.InvalidMoveError, chess.AmbiguousMoveError, ValueError):
        try:
            move = chess.Move.from_uci(token.lower())
        except ValueError:
            raise RecordError(f'move {ply} "{token}" cannot be read', code="unreadable", ply=ply, move=token) from None
        if move not in board.legal_moves:
            raise RecordError(f'move {ply} "{token}" is illegal', code="illegal", ply=ply, move=token) from None
        return move


def judge(text: str, *, favoured: str | None = None, extra_moves: int = 0, restricted: str | None = None) -> Judgement:
    headers, tokens, _written = split_record(text)
    if not tokens:
        raise RecordError("the record has no moves", code="empty")
    if len(tokens) > MAX_PLIES:
        raise RecordError(f"a record may have at most {MAX_PLIES} moves", code="too_long")
    declared = headers.get("FEN")
    if declared is not None and declared.split(" ")[0] != chess.STARTING_BOARD_FEN:
        # R11.3/R11.4: the game starts where the site says; a set-up position is refused.
        raise RecordError("the game starts from the standard position; the record declares another", code="start")
    return judge_moves(
        chess.Board(), tokens, favoured=favoured, extra_moves=extra_moves, restricted=restricted, headers=headers
    )


def judge_moves(
    board: chess.Board,
    tokens: list[str],
    *,
    favoured: str | None = None,
    extra_moves: int = 0,
    restricted: str | None = None,
    headers: dict[str, str] | None = None,
) -> Judgement:
    """Judge move tokens from `board`, a position the site trusts: the standard start for
    every record (`judge`), a composed position in the tests of the rules."""
    if favoured is not None:
        board.turn = favoured == "white"
    handicap = extra_moves if favoured is not None and extra_moves > 1 else 0
    first_of: dict[str, tuple[int, str, str]] = {}
    moves = [judge_move(board, token, ply, handicap=handicap, first_of=first_of) for ply, token in enumerate(tokens, 1)]
    if restricted is not None and restricted in first_of:
        ply, token, san = first_of[restricted]
        if san.rstrip("+#") not in MAINSTREAM[restricted]:
            raise RecordError(
                f'move {ply} "{token}" is not a mainstream opening', code="opening", ply=ply, move=token, clause="R11.5"
            )
    return board_judgement(board, moves, headers)


def board_judgement(board: chess.Board, moves: list[str], headers: dict[str, str] | None = None) -> Judgement:
    """The judgement of a game whose moves stand on `board`: the result the board decides
    (mate, stalemate, fivefold, 75 moves, no material) or else what a player may claim."""
    decided = _result(board)
    claim = claimable(board) if decided["result"] is None else None
    return Judgement(kind="chess", moves=moves, headers=headers or {}, claimable=claim, **decided)


def repetition(fen: str, moves: list[str]) -> Claimable | None:
    """The claim FIDE's rules give after `moves` (UCI, trusted) played from `fen` (any trusted
    position: the start, or the one at the last capture or pawn move): see `claimable`.

    >>> repetition(chess.STARTING_FEN, ["g1f3", "g8f6", "f3g1", "f6g8"] * 2).kind
    'repetition'
    >>> repetition("8/8/4k3/8/8/4K3/8/R7 w - - 99 80", ["a1a2"]).kind
    'fifty_moves'
    """
    board = chess.Board(fen)
    for move in moves:
        board.push(chess.Move.from_uci(move))
    return claimable(board)


def claimable(board: chess.Board) -> Claimable | None:
    """What `board` (with the moves since the last capture or pawn move on its stack) lets
    either player claim: a draw when its position stands a third time (FIDE 9.2) or after fifty
    moves of each side with no capture and no pawn move (FIDE 9.3). Fivefold repetition and
    seventy-five moves end the game by themselves (FIDE 9.6, `_result`)."""
    if board.halfmove_clock >= 8 and board.is_repetition(3):
        return Claimable(kind="repetition", result="1/2-1/2", claimants=("white", "black"))
    if board.halfmove_clock >= 100:
        return Claimable(kind="fifty_moves", result="1/2-1/2", claimants=("white", "black"))
    return None


def judge_move(board: chess.Board, token: str, ply: int, *, handicap: int, first_of: dict) -> str:
    """Move number `ply` checked on `board` and played there (R11.3, R11.4's handicap moves in
    a row): its UCI. `first_of` collects each side's first move (R11.5). A refused move raises
    a RecordError and leaves the board as it was."""
    if _drawn(board):
        raise _after_end(ply, token)
    try:
        move = _parse(board, token, ply)
    except RecordError:
        if board.is_checkmate() or board.is_stalemate():  # no move at all was legal
            raise _after_end(ply, token) from None
        raise
    colour = "white" if board.turn else "black"
    if ply <= handicap and (board.is_capture(move) or board.gives_check(move)):
        raise RecordError(
            f'move {ply} "{token}": a handicap move may not capture or give check',
            code="handicap",
            ply=ply,
            move=token,
            clause="R11.4",
        )
    if colour not in first_of:  # R11.5 reads each side's first move only
        first_of[colour] = (ply, token, board.san(move))
    board.push(move)
    if ply < handicap:
        board.turn = not board.turn  # R11.4: the favoured side moves again
    return move.uci()


def _after_end(ply: int, token: str) -> RecordError:
    return RecordError(f'move {ply} "{token}" comes after the end of the game', code="after_end", ply=ply, move=token)


def _drawn(board: chess.Board) -> bool:
    """The game ended with moves still legal (what `is_game_over` adds to mate and stalemate,
    which a move that parses rules out): 75 moves, insufficient material, fivefold repetition.
    A position can stand five times only after 16 reversible plies, so the repetition (which
    replays the game's stack) is looked for only then.

    >>> _drawn(chess.Board("8/8/4k3/8/8/4K3/8/8 w - - 0 1")), _drawn(chess.Board())
    (True, False)
    """
    return (
        board.is_seventyfive_moves()
        or board.is_insufficient_material()
        or (board.halfmove_clock >= 16 and board.is_fivefold_repetition())
    )


def game_board(moves: list[str], *, favoured: str | None = None, extra_moves: int = 0) -> tuple[chess.Board, list[str]]:
    """An accepted game replayed as it was judged (R11.4's handicap moves in a row): the
    final board and the moves in SAN.

    >>> game_board(["e2e4", "d2d4", "g8f6"], favoured="white", extra_moves=2)[1]
    ['e4', 'd4', 'Nf6']
    """
    board = chess.Board()
    handicap = extra_moves if favoured in ("white", "black") and extra_moves > 1 else 0
    if favoured in ("white", "black"):  # R11.4: the favoured side moves first, as the judge has it
        board.turn = favoured == "white"
    sans = []
    for ply, uci in enumerate(moves, 1):
        move = chess.Move.from_uci(uci)
        sans.append(board.san(move))
        board.push(move)
        if ply < handicap:
            board.turn = not board.turn
    return board, sans


def _result(board: chess.Board) -> dict:
    outcome = board.outcome(claim_draw=False)
    if outcome is None:
        return {"result": None, "termination": Termination.CLAIM}
    termination = {
        chess.Termination.CHECKMATE: Termination.CHECKMATE,
        chess.Termination.STALEMATE: Termination.STALEMATE,
        chess.Termination.INSUFFICIENT_MATERIAL: Termination.INSUFFICIENT_MATERIAL,
        chess.Termination.FIVEFOLD_REPETITION: Termination.REPETITION,
    }.get(outcome.termination, Termination.MOVE_RULE)
    return {"result": outcome.result(), "termination": termination}
