"""Xiangqi records judged by pyffish (Fairy-Stockfish): R11.3 (legality and results), R11.4
(handicap), R11.5 (opening restriction). Pure: no Django."""

import pyffish

from battles.games.base import Judgement, RecordError, Termination
from battles.games.records import split_record
from battles.games.xiangqi_notation import (
    Board, NotationError, chinese_from_wxf, from_fairy, parse_chinese, parse_iccs, parse_wxf, to_fairy,
)

VARIANT = "xiangqi"
START = pyffish.start_fen(VARIANT)
MAX_PLIES = 1000
MATE = 32000

# R11.5: the mainstream openings (主流佈局) in WXF, each side counting files from its own right.
MAINSTREAM = {
    "red": {"C2=5", "C8=5", "P3+1", "P7+1", "E3+5", "E7+5", "H2+3", "H8+7", "C2=4", "C8=6", "C2=6", "C8=4"},
    "black": {"H2+3", "H8+7", "C2=5", "C8=5", "P3+1", "P7+1", "E3+5", "E7+5"},
}


def parse_moves(tokens: list[str], fen: str, favoured_first: int = 0, positions: list | None = None) -> list[str]:
    """Tokens in any notation → ICCS, resolved on a board that follows the game. The side to
    move stays the same for the first `favoured_first` − 1 moves (a handicap, R11.4).
    `positions`, when given, collects a key of every position reached (to spot repetitions)."""
    board = Board(fen)
    moves = []
    for ply, token in enumerate(tokens, 1):
        iccs = parse_iccs(token)
        if iccs is None:
            notation = parse_wxf(token) or parse_chinese(token)
            if notation is None:
                raise RecordError(f'move {ply} "{token}" cannot be read', code="unreadable", ply=ply, move=token)
            try:
                iccs = board.resolve(notation)
            except NotationError:
                raise RecordError(f'move {ply} "{token}" is illegal', code="illegal", ply=ply, move=token) from None
        try:
            board.push(iccs)
        except NotationError:
            raise RecordError(f'move {ply} "{token}" is illegal', code="illegal", ply=ply, move=token) from None
        if ply < favoured_first:
            board.flip_turn()
        moves.append(iccs)
        if positions is not None:
            positions.append((frozenset(board.squares.items()), board.red))
    return moves


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
            raise RecordError(f'move {i + 1} "{tokens[i]}": a handicap move may not capture or give check',
                              code="handicap", ply=i + 1, move=tokens[i], clause="R11.4")
        fen = pyffish.get_fen(VARIANT, fen, [move])
        if i < count - 1:
            fen = _with_side(fen, red)
    return fen


def wxf_moves(moves: list[str], fen: str = START) -> list[str]:
    return list(pyffish.get_san_moves(VARIANT, fen, [to_fairy(m) for m in moves], False,
                                      pyffish.NOTATION_XIANGQI_WXF))


def chinese_moves(moves: list[str], fen: str = START) -> list[str]:
    """Render ICCS moves in Chinese notation (red numerals for Red, full-width digits for Black)."""
    red = fen.split()[1] == "w"
    out = []
    for wxf in wxf_moves(moves, fen):
        out.append(chinese_from_wxf(wxf, red))
        red = not red
    return out


def judge(text: str, *, favoured: str | None = None, extra_moves: int = 0, restricted: str | None = None) -> Judgement:
    headers, tokens, written = split_record(text)
    if not tokens:
        raise RecordError("the record has no moves", code="empty")
    if len(tokens) > MAX_PLIES:
        raise RecordError(f"a record may have at most {MAX_PLIES} moves", code="too_long")
    fen = headers.get("FEN") or START
    if favoured is not None and favoured not in ("red", "black"):
        raise RecordError("the favoured colour is red or black", code="unreadable")
    if favoured is not None:
        fen = _with_side(fen, favoured == "red")
    handicap = extra_moves if favoured is not None and extra_moves > 1 else 0
    positions: list = []
    moves = parse_moves(tokens, fen, handicap, positions)
    fairy = [to_fairy(m) for m in moves]
    rest_fen, rest = fen, fairy
    if handicap:
        rest_fen, rest = _handicap(fen, fairy, tokens, favoured == "red", handicap), fairy[handicap:]
    try:  # one call validates every move and tells whether the side to move can move at all
        legal = pyffish.legal_moves(VARIANT, rest_fen, rest)
    except SystemError:
        i = handicap + _first_illegal(rest_fen, rest)
        raise RecordError(f'move {i + 1} "{tokens[i]}" is illegal', code="illegal", ply=i + 1, move=tokens[i]) from None
    if restricted is not None:
        _check_opening(restricted, fen, moves, tokens, handicap, favoured)
    repeated = len(set(positions)) < len(positions)
    result, termination = _result(rest_fen, rest, legal, repeated)
    return Judgement(kind="xiangqi", moves=moves, result=result, termination=termination, headers=headers)


def _check_opening(restricted: str, fen: str, moves: list[str], tokens: list[str], handicap: int,
                   favoured: str | None) -> None:
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
        raise RecordError(f'move {index + 1} "{tokens[index]}" is not a mainstream opening', code="opening",
                          ply=index + 1, move=tokens[index], clause="R11.5")


def _replay_fen(fen: str, moves: list[str], red: bool, handicap: int) -> str:
    if handicap:
        fen = _handicap(fen, [to_fairy(m) for m in moves[:handicap]], moves, red, handicap)
        return pyffish.get_fen(VARIANT, fen, [to_fairy(m) for m in moves[handicap:]])
    return pyffish.get_fen(VARIANT, fen, [to_fairy(m) for m in moves])


def _result(fen: str, fairy: list[str], legal: list[str], repeated: bool) -> tuple[str | None, Termination]:
    """R11.3: no legal move ends the game (checkmate, or stalemate, which also loses);
    repetition is judged by the engine's xiangqi rules (asked only when a position recurred);
    anything else is a claim."""
    red_to_move = (fen.split()[1] == "w") == (len(fairy) % 2 == 0)
    if not legal:
        checked = pyffish.gives_check(VARIANT, fen, fairy)
        return ("0-1" if red_to_move else "1-0"), (Termination.CHECKMATE if checked else Termination.STALEMATE)
    if not repeated:
        return None, Termination.CLAIM
    ended, value = pyffish.is_optional_game_end(VARIANT, fen, fairy)
    if ended:
        if value == 0:
            return "1/2-1/2", Termination.REPETITION
        mover_wins = value > 0
        return ("1-0" if mover_wins == red_to_move else "0-1"), Termination.PERPETUAL
    return None, Termination.CLAIM


__all__ = ["MAINSTREAM", "chinese_moves", "from_fairy", "judge", "wxf_moves"]
