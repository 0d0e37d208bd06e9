"""The games that decide battles (RULES.md §11): pure code, no Django.

>>> judge("xiangqi", "1. 炮二平五 馬８進７").moves
['h2e2', 'h9g7']
>>> judge("chess", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#").result
'1-0'
"""

from games import chess_records, xiangqi
from games.base import Judgement, RecordError, Termination

KINDS = ("xiangqi", "chess")


def judge(
    kind: str, text: str, *, favoured: str | None = None, extra_moves: int = 0, restricted: str | None = None
) -> Judgement:
    """Replay a record and judge it (R11.3). `favoured` is the colour given a handicap of
    `extra_moves` moves in a row (R11.4: 讓N先, the favoured side moving first even as black);
    `restricted` is the colour held to a mainstream opening (R11.5). Returns the canonical moves
    (ICCS for xiangqi, UCI for chess), the result the board decides (or None) and how it ended;
    raises RecordError naming the first bad move and its number."""
    if kind == "xiangqi":
        return xiangqi.judge(text, favoured=favoured, extra_moves=extra_moves, restricted=restricted)
    if kind == "chess":
        return chess_records.judge(text, favoured=favoured, extra_moves=extra_moves, restricted=restricted)
    raise RecordError(f"unknown game kind {kind!r}", code="unreadable")


__all__ = ["KINDS", "Judgement", "RecordError", "Termination", "judge"]
