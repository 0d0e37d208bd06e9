"""Xiangqi records judged by pyffish (Fairy-Stockfish): R11.3 (legality and results), R11.4
(handicap), R11.5 (opening restriction). Pure: no Django."""

from functools import lru_cache

import pyffish

from games.base import Claimable, Judgement, RecordError, Termination
from games.records import split_record
from games.xiangqi_notation import (
    Board,
    NotationError,
    chinese_from_wxf,
    from_fairy,
    parse_chinese,
    parse_iccs,
    parse_wxf,
    to_fairy,
)

VARIANT = "xiangqi"
START = pyffish.start_fen(VARIANT)
MAX_PLIES = 1000

# R11.5: the mainstream openings (主流佈局) in WXF, each side counting files from its own right.
MAINSTREAM = {
    "red": {"C2=5", "C8=5", "P3+1", "P7+1", "E3+5", "E7+5", "H2+3", "H8+7", "C2=4", "C8=6", "C2=6", "C8=4"},
    "black": {"H2+3", "H8+7", "C2=5", "C8=5", "P3+1", "P7+1", "E3+5", "E7+5"},
}


def parse_moves(tokens: list[str], fen: str, favoured_first: int = 0, positions: list | None = None) -> list[str]:
    """Tokens in any notation → ICCS, resolved on a board that follows the game. The side to
    move stays the same for the first `favoured_first` − 1 moves (a handicap, R11.4).
    `positions`, when given, collects a key of every position reached (to spot repetitions).

    The board follows the game only while every move is legal: a token it cannot place
    raises a RecordError that carries the moves read so far (`RecordError.moves`), so that
    the caller can ask pyffish whether an earlier move was the first illegal one."""
    board = Board(fen)
    moves: list[str] = []
    for ply, token in enumerate(tokens, 1):
        try:
            iccs = read_move(board, token, ply)
        except RecordError as error:
            raise _partial(error, moves) from None
        if ply < favoured_first:
            board.flip_turn()
        moves.append(iccs)
        if positions is not None:
            positions.append((board.key, board.red))
    return moves


def read_move(board: Board, token: str, ply: int) -> str:
    """One token (move number `ply`) read on `board` and played there: its ICCS. A token that
    cannot be read or placed raises a RecordError and leaves the board as it was."""
    iccs = parse_iccs(token)
    try:
        if iccs is None:
            if token[:1].isascii():
                notation = parse_wxf(token) or parse_chinese(token)
            else:  # Chinese notation, or WXF in full-width characters
                notation = parse_chinese(token) or parse_wxf(token)
            if notation is None:
                shown = token if len(token) <= 20 else token[:20] + "…"
                raise RecordError(f'move {ply} "{shown}" cannot be read', code="unreadable", ply=ply, move=shown)
            iccs = board.resolve(notation)
        board.push(iccs)
    except NotationError:
        raise RecordError(f'move {ply} "{token}" is illegal', code="illegal", ply=ply, move=token) from None
    return iccs


def _partial(error: RecordError, moves: list[str]) -> RecordError:
    error.moves = list(moves)
    return error


def _valid(fen: str, fairy: list[str]) -> bool:
    try:
        pyffish.get_fen(VARIANT, fen, fairy)
        return True
    except SystemError:
        return False


def _first_illegal(fen: str, fairy: list[str]) -> int:
    """The index of the first illegal move: a binary search of prefixes, a call each."""
    low, high = 0, len(fairy)  # the prefix of `low` moves is valid, of `high` is not
    while high - low > 1:
        middle = (low + high) // 2
        if _valid(fen, fairy[:middle]):
            low = middle
        else:
            high = middle
    return high - 1


def _with_side(fen: str, red: bool) -> str:
    parts = fen.split()
    parts[1] = "w" if red else "b"
    return " ".join(parts)


def _handicap(fen: str, fairy: list[str], tokens: list[str], red: bool, count: int) -> str:
    """R11.4: the favoured side's first `count` moves in a row, none a capture or a check."""
    fen = _with_side(fen, red)
    for i in range(min(count, len(fairy))):
        move = fairy[i]
        if move not in pyffish.legal_moves(VARIANT, fen, []):
            raise RecordError(f'move {i + 1} "{tokens[i]}" is illegal', code="illegal", ply=i + 1, move=tokens[i])
        if pyffish.is_capture(VARIANT, fen, [], move) or pyffish.gives_check(VARIANT, fen, [move]):
            raise RecordError(
                f'move {i + 1} "{tokens[i]}": a handicap move may not capture or give check',
                code="handicap",
                ply=i + 1,
                move=tokens[i],
                clause="R11.4",
            )
        fen = pyffish.get_fen(VARIANT, fen, [move])
        if i < count - 1:
            fen = _with_side(fen, red)
    return fen


def wxf_moves(moves: list[str], fen: str = START) -> list[str]:
    """WXF of moves already judged legal, written on our board as pyffish writes them
    (`Board.wxf`): a pyffish call costs about a millisecond whatever it does (GAMES.md), and a
    live game's moves are written at every move."""
    board, written = Board(fen), []
    for move in moves:
        written.append(board.wxf(move))
        board.push(move)
    return written


def chinese_moves(moves: list[str], fen: str = START) -> list[str]:
    """Render ICCS moves in Chinese notation (red numerals for Red, full-width digits for Black)."""
    red = fen.split()[1] == "w"
    out = []
    for wxf in wxf_moves(moves, fen):
        out.append(chinese_from_wxf(wxf, red))
        red = not red
    return out


def _illegal(tokens: list[str], index: int) -> RecordError:
    return RecordError(
        f'move {index + 1} "{tokens[index]}" is illegal', code="illegal", ply=index + 1, move=tokens[index]
    )


def _validate(
    fen: str, moves: list[str], tokens: list[str], handicap: int, favoured_red: bool
) -> tuple[str, list, list]:
    """pyffish replays the moves (the handicap's one by one, then the rest in one call) and
    names the first illegal one. Returns the position after the handicap, the moves after
    it (pyffish's coordinates) and the legal moves at the end."""
    fairy = [to_fairy(m) for m in moves]
    rest_fen, rest = fen, fairy
    if handicap:
        rest_fen, rest = _handicap(fen, fairy, tokens, favoured_red, handicap), fairy[handicap:]
    try:  # one call validates every move and tells whether the side to move can move at all
        legal = pyffish.legal_moves(VARIANT, rest_fen, rest)
    except SystemError:
        raise _illegal(tokens, handicap + _first_illegal(rest_fen, rest)) from None
    return rest_fen, rest, legal


def start_position(headers: dict[str, str]) -> str:
    """Battle and stratagem games start where the site says (R11.3, R11.4): the standard
    position. A record that declares another start is refused; the FEN text never reaches
    pyffish.

    >>> start_position({"FEN": "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"})
    Traceback (most recent call last):
    ...
    games.base.RecordError: the game starts from the standard position; the record declares another
    """
    declared = headers.get("FEN")
    if declared is not None and declared.split(" ")[0] != START.split()[0]:
        raise RecordError("the game starts from the standard position; the record declares another", code="start")
    return START


def game_notation(
    moves: list[str], *, favoured: str | None = None, extra_moves: int = 0, chinese: bool = True
) -> list[str]:
    """The moves of an accepted game in Chinese notation or WXF, replayed as it was judged:
    from the standard position, the favoured side's handicap moves in a row (R11.4).

    >>> game_notation(["h2e2", "h9g7"])
    ['炮二平五', '馬８進７']
    >>> game_notation(["h2e2", "b2d2", "h9g7"], favoured="red", extra_moves=2, chinese=False)
    ['C2=5', 'C8=6', 'H8+7']
    """
    written = _written(tuple(moves), favoured, extra_moves)
    return [chinese_from_wxf(wxf, red) if chinese else wxf for wxf, red in written]


@lru_cache(maxsize=512)
def _written(moves: tuple[str, ...], favoured: str | None, extra_moves: int) -> tuple[tuple[str, bool], ...]:
    """Each move in WXF with whether red played it. Cached: a live game's moves are written
    for every language and every watcher who connects at that move."""
    handicap = extra_moves if favoured in ("red", "black") and extra_moves > 1 else 0
    # the favoured side moves first, in a row or not (R11.4), as the judge has it
    fen = START if favoured not in ("red", "black") else _with_side(START, favoured == "red")
    written: list[tuple[str, bool]] = []
    for i, move in enumerate(moves[:handicap]):
        written.append((wxf_moves([move], fen)[0], fen.split()[1] == "w"))
        fen = pyffish.get_fen(VARIANT, fen, [to_fairy(move)])
        if i < handicap - 1:
            fen = _with_side(fen, favoured == "red")
    red = fen.split()[1] == "w"
    for wxf in wxf_moves(list(moves[handicap:]), fen):
        written.append((wxf, red))
        red = not red
    return tuple(written)


def judge(text: str, *, favoured: str | None = None, extra_moves: int = 0, restricted: str | None = None) -> Judgement:
    headers, tokens, written = split_record(text)
    if not tokens:
        raise RecordError("the record has no moves", code="empty")
    if len(tokens) > MAX_PLIES:
        raise RecordError(f"a record may have at most {MAX_PLIES} moves", code="too_long")
    return judge_moves(
        start_position(headers),
        tokens,
        favoured=favoured,
        extra_moves=extra_moves,
        restricted=restricted,
        headers=headers,
    )


def judge_moves(
    fen: str,
    tokens: list[str],
    *,
    favoured: str | None = None,
    extra_moves: int = 0,
    restricted: str | None = None,
    headers: dict[str, str] | None = None,
    repetition_limit: int | None = None,
) -> Judgement:
    """Judge move tokens from `fen`, a position the site trusts: the standard start for every
    record (`judge`), a composed position in the tests of the rules. Never a user's text.
    A repetition is a claim (R11.3, `Judgement.claimable`); it ends the game only when the
    position stood `repetition_limit` times (live play; a record's repetition is never
    decided by the board)."""
    if favoured is not None and favoured not in ("red", "black"):
        raise RecordError("the favoured colour is red or black", code="unreadable")
    if favoured is not None:
        fen = _with_side(fen, favoured == "red")
    handicap = extra_moves if favoured is not None and extra_moves > 1 else 0
    positions: list = []
    try:
        moves = parse_moves(tokens, fen, handicap, positions)
    except RecordError as error:
        # An earlier illegal move can make a later legal one unplaceable on our board:
        # pyffish names the first illegal move of what was read before the token.
        read = error.moves or []
        _validate(fen, read, tokens, min(handicap, len(read)), favoured == "red")
        raise
    rest_fen, rest, legal = _validate(fen, moves, tokens, handicap, favoured == "red")
    if restricted is not None:
        _check_opening(restricted, fen, moves, tokens, handicap, favoured)
    result, termination = _result(rest_fen, rest, legal)
    claim = None
    if result is None and positions.count(positions[-1]) >= 2:  # a third time, counting the start
        claim = repetition(rest_fen, moves[handicap:])
        if claim is not None and repetition_limit is not None and claim.count >= repetition_limit:
            result = claim.result
            termination = Termination.REPETITION if claim.kind == "repetition" else Termination.PERPETUAL
    return Judgement(
        kind="xiangqi",
        moves=moves,
        result=result,
        termination=termination,
        headers=headers or {},
        legal=[from_fairy(move) for move in legal],
        claimable=claim if result is None else None,
    )


def _check_opening(
    restricted: str, fen: str, moves: list[str], tokens: list[str], handicap: int, favoured: str | None
) -> None:
    """R11.5: the restricted player's first move is a mainstream opening."""
    first_mover = favoured or ("red" if fen.split()[1] == "w" else "black")
    if restricted == first_mover:
        index = 0
    else:
        index = max(handicap, 1)
    if index >= len(moves):
        return
    position = fen if index == 0 else _replay_fen(fen, moves[:index], first_mover == "red", handicap)
    wxf = wxf_moves([moves[index]], position)[0]
    if wxf not in MAINSTREAM[restricted]:
        raise RecordError(
            f'move {index + 1} "{tokens[index]}" is not a mainstream opening',
            code="opening",
            ply=index + 1,
            move=tokens[index],
            clause="R11.5",
        )


def _replay_fen(fen: str, moves: list[str], red: bool, handicap: int) -> str:
    if handicap:
        fen = _handicap(fen, [to_fairy(m) for m in moves[:handicap]], moves, red, handicap)
        return pyffish.get_fen(VARIANT, fen, [to_fairy(m) for m in moves[handicap:]])
    return pyffish.get_fen(VARIANT, fen, [to_fairy(m) for m in moves])


def _result(fen: str, fairy: list[str], legal: list[str]) -> tuple[str | None, Termination]:
    """R11.3: no legal move ends the game (checkmate, or stalemate, which also loses); anything
    else, a repetition too, is a claim."""
    if not legal:
        red_to_move = (fen.split()[1] == "w") == (len(fairy) % 2 == 0)
        checked = pyffish.gives_check(VARIANT, fen, fairy)
        return ("0-1" if red_to_move else "1-0"), (Termination.CHECKMATE if checked else Termination.STALEMATE)
    return None, Termination.CLAIM


def repetition(fen: str, moves: list[str]) -> Claimable | None:
    """The claim a repetition gives after `moves` (ICCS, trusted) played from `fen` (any trusted
    position: the start, or the one at the last capture or pawn move, since no position before
    that can come back): None until the position after the last move stands a third time;
    then the ruling of the Asian rules as pyffish applies them (R11.3). A plain repetition, or
    a mutual perpetual, is a draw either player may claim; a perpetual check or chase loses for
    the offender, and only its opponent may claim. Position keys are counted on our board
    (no engine call); pyffish is asked only at a third occurrence.

    >>> repetition(START, ["h0g2", "h9g7", "g2h0", "g7h9"] * 2)
    Claimable(kind='repetition', result='1/2-1/2', claimants=('red', 'black'), count=3)
    >>> repetition(START, ["h0g2", "h9g7", "g2h0", "g7h9"]) is None
    True
    """
    board = Board(fen)
    keys = [(board.key, board.red)]
    for move in moves:
        board.push(move)
        keys.append((board.key, board.red))
    count = keys.count(keys[-1])
    if count < 3:
        return None
    ended, value = pyffish.is_optional_game_end(VARIANT, fen, [to_fairy(move) for move in moves])
    if not ended or value == 0:
        # (not ended: the cycle crossed a sideways pawn move, where the engine stops looking back)
        return Claimable(kind="repetition", result="1/2-1/2", claimants=("red", "black"), count=count)
    red_wins = (value > 0) == board.red  # the value is the side to move's
    winner = "red" if red_wins else "black"
    return Claimable(kind="perpetual", result="1-0" if red_wins else "0-1", claimants=(winner,), count=count)


__all__ = ["MAINSTREAM", "chinese_moves", "from_fairy", "judge", "repetition", "wxf_moves"]
