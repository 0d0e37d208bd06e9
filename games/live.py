"""What live play needs: one move checked against the game so far (with the game's handicap
R11.4 and opening restriction R11.5, as a reported record is), which side is to move, the
position and the legal moves, and the clocks' arithmetic (milliseconds left, when a flag falls).
Pure: no Django, `now` an argument.

A live game is judged the same way as a reported record, so a live game and its record can never
disagree: the new move from the position after the moves so far, kept per process
(games/live_position.py), or the whole game replayed from the standard start when this
process keeps no position for it.

>>> play("xiangqi", [], "炮二平五").moves
['h2e2']
>>> to_move("xiangqi", ["h2e2"]), to_move("chess", ["e2e4"])
('second', 'second')
>>> to_move("xiangqi", ["h2e2"], favoured="red", extra_moves=2)
'first'
>>> "h9g7" in legal_moves("xiangqi", ["h2e2"]), "e7e5" in legal_moves("chess", ["e2e4"])
(True, True)
>>> mover("xiangqi", ["h2e2"], attacker_first=False)
'attacker'
>>> has_moved("xiangqi", ["h2e2"], "defender", attacker_first=False)
True
>>> since = datetime(2026, 1, 1, 20, 0)
>>> clock_left(60_000, since + timedelta(seconds=5), running_since=since), clock_left(60_000, since, running_since=None)
(55000, 60000)
>>> flag_falls_at(since, 60_000, first_move_window=timedelta(seconds=30))
datetime.datetime(2026, 1, 1, 20, 0, 30)
"""

from datetime import datetime, timedelta

import chess
import pyffish

from games import live_notation, live_position, xiangqi
from games.base import Judgement, RecordError
from games.kept import Kept
from games.xiangqi_notation import from_fairy

FIRST = {"xiangqi": "red", "chess": "white"}
SECOND = {"xiangqi": "black", "chess": "black"}


def play(
    kind: str,
    moves: list[str],
    token: str,
    *,
    favoured: str | None = None,
    extra_moves: int = 0,
    restricted: str | None = None,
    repetition_limit: int | None = None,
) -> Judgement:
    """The game after one more move `token` (in any notation the records accept): its moves in
    canonical form and the result if the board now decides it (a xiangqi repetition only when
    the position stood `repetition_limit` times; before, `Judgement.claimable`). Raises
    RecordError when the move is illegal, unreadable, breaks the game's terms, or comes after
    the end."""
    if kind not in FIRST:
        raise RecordError(f"unknown game kind {kind!r}", code="unreadable")
    if len(moves) >= xiangqi.MAX_PLIES:
        raise RecordError("the game is too long", code="too_long")
    return live_position.judge(
        kind,
        moves,
        token,
        favoured=favoured,
        extra_moves=extra_moves,
        restricted=restricted,
        repetition_limit=repetition_limit,
    )


def to_move(kind: str, moves: list[str], *, favoured: str | None = None, extra_moves: int = 0) -> str:
    """ "first" (red / white) or "second" (black) to move after `moves`: the favoured side of a
    handicap moves first and `extra_moves` times in a row (R11.4), then the sides alternate."""
    first, second = FIRST[kind], SECOND[kind]
    ply = len(moves)
    if favoured not in (first, second):
        return "first" if ply % 2 == 0 else "second"
    other = second if favoured == first else first
    handicap = extra_moves if extra_moves > 1 else 0
    if ply < handicap:
        colour = favoured
    else:
        after = ply - handicap
        starts = other if handicap else favoured
        colour = starts if after % 2 == 0 else (favoured if starts == other else other)
    return "first" if colour == first else "second"


def mover(
    kind: str, moves: list[str], *, attacker_first: bool, favoured: str | None = None, extra_moves: int = 0
) -> str:
    """attacker or defender: who moves after `moves` (R11.2: the side with the first move plays
    red or white; R11.4: the handicap's moves in a row)."""
    first, second = ("attacker", "defender") if attacker_first else ("defender", "attacker")
    return first if to_move(kind, moves, favoured=favoured, extra_moves=extra_moves) == "first" else second


def has_moved(
    kind: str, moves: list[str], side: str, *, attacker_first: bool, favoured: str | None = None, extra_moves: int = 0
) -> bool:
    """Whether `side` (attacker or defender) made a move yet (handicap moves count for the
    favoured side)."""
    return any(
        mover(kind, moves[:ply], attacker_first=attacker_first, favoured=favoured, extra_moves=extra_moves) == side
        for ply in range(len(moves))
    )


def millis(duration: timedelta) -> int:
    """A clock's duration (the campaign's base time, its increment) in whole milliseconds."""
    return int(duration / timedelta(milliseconds=1))


def clock_left(left_ms: int, now: datetime, *, running_since: datetime | None) -> int:
    """Milliseconds left at `now` on a clock that had `left_ms` when it started running at
    `running_since` (None: it is stopped, its side not to move); never below zero."""
    if running_since is not None:
        left_ms -= millis(now - running_since)
    return max(0, left_ms)


def flag_falls_at(turn_since: datetime, left_ms: int, *, first_move_window: timedelta | None) -> datetime:
    """When the side to move runs out of time: its clock, or for its first move the window for a
    first move (`first_move_window`, None once it has moved), whichever comes first."""
    due = turn_since + timedelta(milliseconds=left_ms)
    return min(due, turn_since + first_move_window) if first_move_window is not None else due


def position(kind: str, moves: list[str], *, favoured: str | None = None, extra_moves: int = 0) -> str:
    """The FEN after `moves` (trusted canonical moves of an accepted game)."""
    if kind == "chess":  # the board kept with the moves' SAN: not replayed at every move
        return live_notation.chess_written(moves, favoured=favoured, extra_moves=extra_moves).board.fen()
    fen = xiangqi.START
    red = favoured != "black"
    handicap = extra_moves if favoured in ("red", "black") and extra_moves > 1 else 0
    if favoured in ("red", "black"):
        fen = xiangqi._with_side(fen, red)
    return xiangqi._replay_fen(fen, moves, red, handicap)


def legal_moves(kind: str, moves: list[str], *, favoured: str | None = None, extra_moves: int = 0) -> list[str]:
    """The legal moves of the side to move, in canonical form (ICCS / UCI). Remembered per
    position (a few thousand): every watcher of a live game is sent them after each move."""
    key = (kind, tuple(moves), favoured, extra_moves)
    known = _known.get(key)
    if known is not None:
        return list(known)
    fen = position(kind, moves, favoured=favoured, extra_moves=extra_moves)
    if kind == "chess":
        legal = [move.uci() for move in chess.Board(fen).legal_moves]
    else:
        legal = [from_fairy(move) for move in pyffish.legal_moves(xiangqi.VARIANT, fen, [])]
    remember_legal(kind, moves, legal, favoured=favoured, extra_moves=extra_moves)
    return legal


def remember_legal(
    kind: str, moves: list[str], legal: list[str], *, favoured: str | None = None, extra_moves: int = 0
) -> None:
    """What a judge already worked out for the position after `moves` (a live move just judged):
    no second pyffish call for it."""
    _known.put((kind, tuple(moves), favoured, extra_moves), tuple(legal))


KNOWN_POSITIONS = 4096
_known: Kept[tuple[str, ...]] = Kept(KNOWN_POSITIONS)
