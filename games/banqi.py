"""Dark chess (暗棋, banqi), Taiwan's standard rules (RULES.md R11.7). Pure: no Django.

A 4×8 board, squares `a1`–`h4`; all 32 xiangqi pieces dealt face down. One action a turn:
flip (`b3`), move one square orthogonally to an empty square (`b3-b4`), or capture (`b3xb1`).
The first piece flipped gives the flipping player its colour.

>>> import random
>>> game = Banqi(deal(random.Random(7)))
>>> game.play("a1", player=0)
>>> game.colours[0] in ("red", "black")
True
"""

import hashlib
import random
from dataclasses import dataclass

FILES = "abcdefgh"
RANKS = "1234"
# R11.7 ranks: 帥/將 > 仕/士 > 相/象 > 俥/車 > 傌/馬 > 炮/包 > 兵/卒
RANK = {"K": 7, "A": 6, "E": 5, "R": 4, "H": 3, "C": 2, "P": 1}
SET = "K" + "AA" + "EE" + "RR" + "HH" + "CC" + "PPPPP"
DRAW_PLIES = 180


def deal(rng: random.Random | None = None) -> list[str]:
    """32 pieces in a uniformly random order: uppercase red, lowercase black (R11.7)."""
    pieces = list(SET + SET.lower())
    (rng or random.SystemRandom()).shuffle(pieces)
    return pieces


def layout_hash(layout: list[str], salt: str) -> str:
    """The commitment stored before the first flip and checked when the layout is revealed: SHA-256
    of the salt, a colon and the 32 pieces in square order (a1 … h4), in hex. The salt, secret
    until the game ends, keeps the face-down pieces from being searched for near its end."""
    return hashlib.sha256((salt + ":" + "".join(layout)).encode()).hexdigest()


def square_index(name: str) -> int:
    if len(name) != 2 or name[0] not in FILES or name[1] not in RANKS:
        raise BanqiError(f"no square {name!r}", code="unreadable")
    return RANKS.index(name[1]) * 8 + FILES.index(name[0])


def square_name(index: int) -> str:
    return FILES[index % 8] + RANKS[index // 8]


class BanqiError(ValueError):
    """A refused action: `code` says what is wrong (see `Banqi.why_not`), `detail` the squares and
    pieces concerned (`from`, `to`, `piece`, `target`), for the message the reader is shown."""

    def __init__(self, message: str, code: str = "illegal", detail: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.detail = detail or {}


def colour_of(piece: str) -> str:
    return "red" if piece.isupper() else "black"


def can_capture(attacker: str, target: str) -> bool:
    """R11.7 for every piece but the cannon: equal or lower rank, except that the general
    cannot take a soldier and a soldier can take the general.

    >>> can_capture("K", "p"), can_capture("P", "k"), can_capture("R", "h"), can_capture("H", "r")
    (False, True, True, False)
    """
    a, t = attacker.upper(), target.upper()
    if a == "K" and t == "P":
        return False
    if a == "P" and t == "K":
        return True
    return RANK[a] >= RANK[t]


@dataclass
class Square:
    piece: str | None
    up: bool = False


class Banqi:
    """One game. `players` are 0 (moves first) and 1; colours are fixed by the first flip."""

    def __init__(self, layout: list[str], *, draw_plies: int = DRAW_PLIES):
        if sorted(layout) != sorted(SET + SET.lower()):
            raise BanqiError("a layout is the 32 pieces of a xiangqi set")
        self.board = [Square(p) for p in layout]
        self.turn = 0
        self.colours: dict[int, str] = {}
        self.quiet = 0  # plies since the last flip or capture
        self.draw_plies = draw_plies
        self.seen: dict[tuple, int] = {}
        self.actions: list[str] = []
        self.result: str | None = None  # "0", "1" (the winning player) or "draw"
        self.termination = ""

    @classmethod
    def from_position(cls, rows: list[str], colours: dict[int, str], turn: int = 0) -> "Banqi":
        """A literal position for tests: rows from rank 4 down to rank 1, 8 characters each;
        a letter is a face-up piece, `?` a face-down one (its identity does not matter), `.` empty.

        >>> g = Banqi.from_position(["........", "........", "..R.p...", "........"], {0: "red", 1: "black"})
        >>> sorted(g.legal_actions())[:3]
        ['c2-b2', 'c2-c1', 'c2-c3']
        """
        game = cls.__new__(cls)
        game.board = []
        hidden = iter(SET + SET.lower())
        for row in reversed(rows):
            for ch in row:
                if ch == ".":
                    game.board.append(Square(None))
                elif ch == "?":
                    game.board.append(Square(next(hidden), up=False))
                else:
                    game.board.append(Square(ch, up=True))
        game.turn, game.colours, game.quiet, game.draw_plies = turn, dict(colours), 0, DRAW_PLIES
        game.seen, game.actions, game.result, game.termination = {}, [], None, ""
        return game

    def _mine(self, square: Square, player: int) -> bool:
        return square.piece is not None and square.up and colour_of(square.piece) == self.colours.get(player)

    def _neighbours(self, index: int):
        col, row = index % 8, index // 8
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            c, r = col + dc, row + dr
            if 0 <= c < 8 and 0 <= r < 4:
                yield r * 8 + c

    def _cannon_targets(self, index: int):
        col, row = index % 8, index // 8
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            c, r, screens = col + dc, row + dr, 0
            while 0 <= c < 8 and 0 <= r < 4:
                square = self.board[r * 8 + c]
                if square.piece is not None:
                    if screens == 1:
                        yield r * 8 + c
                        break
                    screens += 1
                c, r = c + dc, r + dr

    def legal_actions(self) -> list[str]:
        player = self.turn
        actions = [square_name(i) for i, s in enumerate(self.board) if s.piece is not None and not s.up]
        if player not in self.colours:
            return actions
        for i, square in enumerate(self.board):
            piece = square.piece
            if piece is None or not self._mine(square, player):
                continue
            for j in self._neighbours(i):
                target = self.board[j]
                if target.piece is None:
                    actions.append(f"{square_name(i)}-{square_name(j)}")
                elif (
                    piece.upper() != "C"
                    and target.up
                    and not self._mine(target, player)
                    and can_capture(piece, target.piece)
                ):
                    actions.append(f"{square_name(i)}x{square_name(j)}")
            if piece.upper() == "C":
                for j in self._cannon_targets(i):
                    target = self.board[j]
                    if target.up and not self._mine(target, player):
                        actions.append(f"{square_name(i)}x{square_name(j)}")
        return actions

    def play(self, action: str, *, player: int) -> None:
        """Apply one action by `player` (0 or 1), or raise BanqiError and change nothing."""
        if self.result is not None:
            raise BanqiError("the game is over", code="over")
        if player != self.turn:
            raise BanqiError("it is not your turn", code="turn")
        action = action.strip().lower()
        if action not in self.legal_actions():
            code, detail = why_not(self, action, player)
            raise BanqiError(f"{action!r} is not a legal action now ({code})", code=code, detail=detail)
        if len(action) == 2:
            square = self.board[square_index(action)]
            square.up = True
            assert square.piece is not None  # a legal flip is of a face-down piece
            self.colours.setdefault(player, colour_of(square.piece))
            self.colours.setdefault(1 - player, "black" if self.colours[player] == "red" else "red")
            self.quiet = 0
        else:
            source, target = square_index(action[:2]), square_index(action[3:])
            capture = action[2] == "x"
            self.board[target] = self.board[source]
            self.board[source] = Square(None)
            self.quiet = 0 if capture else self.quiet + 1
        self.actions.append(action)
        self.turn = 1 - self.turn
        self._judge()

    def _judge(self) -> None:
        mover = 1 - self.turn
        if self.colours:
            left = {p: sum(1 for s in self.board if s.piece and colour_of(s.piece) == self.colours[p]) for p in (0, 1)}
            if left[self.turn] == 0 or not self.legal_actions():
                self.result, self.termination = str(mover), "no_pieces"
                return
        if self.quiet >= self.draw_plies:
            self.result, self.termination = "draw", "move_rule"
            return
        key = (tuple((s.piece if s.up else "?" if s.piece else ".") for s in self.board), self.turn)
        self.seen[key] = self.seen.get(key, 0) + 1
        if self.seen[key] >= 3:
            self.result, self.termination = "draw", "repetition"

    def resign(self, *, player: int) -> None:
        if self.result is None:
            self.result, self.termination = str(1 - player), "resignation"


def why_not(game: Banqi, action: str, player: int) -> tuple[str, dict[str, str]]:
    """Why an action that is not among the legal ones is refused (R11.7), as a code and the
    squares and pieces it concerns: `flip_empty`, `revealed`, `unreadable`, `empty`,
    `face_down`, `not_yours`, `occupied`, `one_step`, `capture_empty`, `capture_face_down`,
    `own_piece`, `cannon_adjacent`, `cannon_screen`, `general_soldier`, `rank`.

    >>> g = Banqi.from_position(["........", "........", "..Kp.C.r", "........"], {0: "red", 1: "black"})
    >>> why_not(g, "c2xd2", 0)[0], why_not(g, "f2xg2", 0)[0], why_not(g, "f2xh2", 0)[0]
    ('general_soldier', 'capture_empty', 'cannon_screen')
    >>> why_not(g, "c2-c4", 0)[0], why_not(g, "d2-d3", 0)[0], why_not(g, "c2-d2", 0)[0]
    ('one_step', 'not_yours', 'occupied')
    """
    if len(action) == 2:
        square = game.board[square_index(action)]
        return ("revealed" if square.up else "flip_empty"), {"from": action}
    if len(action) != 5 or action[2] not in "-x":
        return "unreadable", {}
    source_i, target_i = square_index(action[:2]), square_index(action[3:])
    source, target = game.board[source_i], game.board[target_i]
    detail = {"from": action[:2], "to": action[3:]}
    if source.piece is None:
        return "empty", detail
    if not source.up:
        return "face_down", detail
    detail["piece"] = PIECE_NAMES[source.piece]
    if colour_of(source.piece) != game.colours.get(player):
        return "not_yours", detail
    if action[2] == "-":
        return ("occupied" if target.piece is not None else "one_step"), detail
    if target.piece is None:
        return "capture_empty", detail
    if not target.up:
        return "capture_face_down", detail
    detail["target"] = PIECE_NAMES[target.piece]
    if colour_of(target.piece) == colour_of(source.piece):
        return "own_piece", detail
    if source.piece.upper() == "C":
        adjacent = target_i in game._neighbours(source_i)
        return ("cannon_adjacent" if adjacent else "cannon_screen"), detail
    if target_i not in game._neighbours(source_i):
        return "one_step", detail
    if source.piece.upper() == "K" and target.piece.upper() == "P":
        return "general_soldier", detail
    return "rank", detail


# How a face-up piece reads on the board: red's characters for red, black's for black.
PIECE_NAMES = {
    "K": "帥", "A": "仕", "E": "相", "R": "俥", "H": "傌", "C": "炮", "P": "兵",
    "k": "將", "a": "士", "e": "象", "r": "車", "h": "馬", "c": "包", "p": "卒",
}  # fmt: skip


def replay(layout: list[str], actions: list[str]) -> Banqi:
    """A game rebuilt from its dealt layout and the actions played (a resignation ends it
    without an action on the board).

    >>> replay(deal(random.Random(7)), ["a1"]).turn
    1
    """
    engine = Banqi(layout)
    for action in actions:
        if action != "resign":
            engine.play(action, player=engine.turn)
    return engine


def board_rows(engine: Banqi, *, reveal: bool = False) -> list[list[dict]]:
    """The board as a page shows it, rank 4 at the top: each square's name, and its piece only
    once face up (a face-down piece is not revealed to anyone) or, with `reveal` (the game is
    over, R11.7), every piece, those still face down marked `was_down`.

    >>> rows = board_rows(replay(deal(random.Random(7)), ["a1"]))
    >>> [(s["name"], s["up"]) for s in rows[3][:2]], rows[3][0]["char"] in PIECE_NAMES.values()
    ([('a1', True), ('b1', False)], True)
    >>> rows[0][0]["piece"] is None  # a4, face down
    True
    >>> shown = board_rows(replay(deal(random.Random(7)), ["a1"]), reveal=True)
    >>> shown[0][0]["was_down"], shown[0][0]["char"] in PIECE_NAMES.values(), shown[3][0]["was_down"]
    (True, True, False)
    """
    rows = []
    for rank in reversed(RANKS):
        row = []
        for file in FILES:
            square = engine.board[square_index(file + rank)]
            shown = square.up or reveal
            row.append(
                {
                    "name": file + rank,
                    "up": shown,
                    "was_down": bool(square.piece) and not square.up and reveal,
                    "piece": square.piece if shown else None,
                    "char": PIECE_NAMES.get(square.piece or "", "") if shown else "",
                    "empty": square.piece is None,
                    "red": bool(square.piece and square.piece.isupper()),
                }
            )
        rows.append(row)
    return rows
