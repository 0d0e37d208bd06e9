"""Who may claim what in a game played live (R11.3: a repetition is a claim, not a result the
board decides; chess: FIDE 9.2 threefold repetition, 9.3 fifty moves). Pure: no Django.

The right to claim arises with the move after which the position holds, and lapses with the
claimant's own next move:
- after a move, the claim the new position gives is open to every claimant it names: the
  player to move, and the player who just moved (FIDE 9.2.1's claim "on the move": the
  move is played, then claimed, before the opponent's reply);
- the player to move also keeps a claim that arose after their own previous move, so that
  the opponent's quick reply cannot take it away before the claim reaches the site.
A claim not made is gone once its claimant moves again; the game goes on."""

from functools import lru_cache

import chess

from games import chess_records, xiangqi
from games.base import Claimable
from games.live import FIRST, SECOND, position, to_move


def claimable(
    kind: str, moves: list[str], *, favoured: str | None = None, extra_moves: int = 0
) -> dict[str, Claimable]:
    """colour → the claim that colour may make now, after `moves` (trusted, canonical).

    >>> shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"] * 2
    >>> sorted(claimable("xiangqi", shuffle))
    ['black', 'red']
    >>> sorted(claimable("xiangqi", [*shuffle, "h2e2"]))  # red moved on; black still may
    ['black']
    >>> claimable("xiangqi", [*shuffle, "h2e2", "h9g7"])  # both moved since: lapsed
    {}
    """
    return dict(_claimable(kind, tuple(moves), favoured, extra_moves))


@lru_cache(maxsize=1024)
def _claimable(kind: str, moves: tuple[str, ...], favoured: str | None, extra_moves: int) -> tuple:
    """Remembered per position: every watcher of a live game is sent it after each move."""
    handicap = extra_moves if favoured in (FIRST[kind], SECOND[kind]) and extra_moves > 1 else 0
    if len(moves) <= handicap:  # R11.4: no repetition within the handicap's moves
        return ()

    def colour(ply: int) -> str:  # who is to move after `ply` moves
        first = to_move(kind, list(moves[:ply]), favoured=favoured, extra_moves=extra_moves) == "first"
        return FIRST[kind] if first else SECOND[kind]

    rule = _ruling(kind, moves, favoured, extra_moves, handicap)
    now = rule(len(moves))
    open_claims = {claimant: now for claimant in now.claimants} if now else {}
    mover = colour(len(moves))
    if mover not in open_claims and len(moves) - 1 > handicap and colour(len(moves) - 2) == mover:
        before = rule(len(moves) - 1)  # the position after the mover's own previous move
        if before is not None and mover in before.claimants:
            open_claims[mover] = before
    return tuple(sorted(open_claims.items()))


def _ruling(kind: str, moves: tuple[str, ...], favoured: str | None, extra_moves: int, handicap: int):
    """The ruling of the position after the first `ply` moves, from the position the handicap's
    moves leave (R11.4) and the moves since."""
    if handicap or favoured is not None:  # R11.4: the favoured side may move first
        start = position(kind, list(moves[:handicap]), favoured=favoured, extra_moves=extra_moves)
    else:  # (the start as it is: no engine call, a millisecond of every move's state)
        start = chess.STARTING_FEN if kind == "chess" else xiangqi.START
    judge = chess_records.repetition if kind == "chess" else xiangqi.repetition
    return lambda ply: judge(start, list(moves[handicap:ply]))
