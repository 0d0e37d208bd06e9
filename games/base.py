"""What every game kind shares: the judgement, how it ended, and the error for a bad record."""

from dataclasses import dataclass, field
from enum import Enum


class Termination(Enum):
    """How a game ended, as far as the record shows (like python-chess's `Termination`)."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"  # in xiangqi the side that cannot move loses (R11.3)
    REPETITION = "repetition"  # plain repetition: a draw
    PERPETUAL = "perpetual"  # perpetual check or chase: the checking / chasing side loses
    INSUFFICIENT_MATERIAL = "insufficient_material"
    MOVE_RULE = "move_rule"  # chess's 75-move rule, banqi's plies without flip or capture
    NO_PIECES = "no_pieces"  # banqi: a side has no pieces or cannot act
    CLAIM = "claim"  # the board does not decide: resignation, time, agreed draw (R11.3)


@dataclass(frozen=True)
class Claimable:
    """A result the board offers to a claimant, not one it decides (R11.3): a position that
    stood a third time (xiangqi: a plain repetition draws, a perpetual check or chase loses for
    the offender, as pyffish's Asian rules say; chess: FIDE's threefold repetition), or chess's
    fifty moves without a capture or a pawn move (FIDE 9.3)."""

    kind: str
    """`repetition` (a draw), `perpetual` (the offender loses) or `fifty_moves` (a draw)."""
    result: str
    """What the claim gives: `"1/2-1/2"`, or `"1-0"` / `"0-1"` against the offender."""
    claimants: tuple[str, ...]
    """The colours that may claim: both for a draw, the offender's opponent for a perpetual."""
    count: int = 0
    """How often the position stood (a repetition): an automatic end only at a count real
    games do not reach (the campaign's `live_repetition_limit`)."""


@dataclass(frozen=True)
class Judgement:
    """A replayed record."""

    kind: str
    moves: list[str]
    """The moves in canonical form: ICCS (`h2e2`) for xiangqi, UCI (`e2e4`) for chess."""
    result: str | None
    """`"1-0"`, `"0-1"`, `"1/2-1/2"`, or None when the board does not decide (a claim)."""
    termination: Termination
    headers: dict[str, str] = field(default_factory=dict)
    """Headers the record carried (PGN tags), untrusted: never used to decide anything."""
    legal: list[str] | None = None
    """The legal moves of the side to move after the moves (canonical), when the judge worked
    them out anyway (xiangqi: the same pyffish call that validated the game)."""
    claimable: Claimable | None = None
    """What the position after the last move lets a player claim (R11.3: a repetition is a
    claim, not a result the board decides), when the game goes on."""


class RecordError(ValueError):
    """A record that cannot be read, has an illegal move, or breaks a rule of the game
    (R11.3, R11.4, R11.5). `ply` is 1-based (0 when no move is at fault)."""

    def __init__(
        self, message: str, *, code: str = "illegal", ply: int = 0, move: str = "", clause: str = "R11.3"
    ) -> None:
        super().__init__(message)
        self.message, self.code, self.ply, self.move, self.clause = message, code, ply, move, clause
        self.moves: list[str] | None = None  # the moves read before the fault, where the reader knows them

    def __str__(self) -> str:
        return self.message
