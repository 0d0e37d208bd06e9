"""A friendly game in the terminal (the game room's xiangqi, chess and dark chess, outside the
war): played live on the war's live game board (gamescreens/games/live_board.py: its board drawn from
the reader's side, the clocks, the move prompt, its keys in the bottom bar, draws, claims,
resignation), following the game through `FriendlyFollower`, so every action goes through the
friendly game's services and comes back refused in the page's words. A friendly game has no
`r` ready: it starts when its challenge is accepted. Dark chess is drawn as its page draws it
(face-down pieces as ？), never turned. A decided game is replayed on the war's replay board
(gamescreens/games/replay_board.py), dark chess with its whole deal shown (R11.7)."""

from typing import cast

from django.utils import translation
from django.utils.translation import gettext as _

from bbs.registry import screen
from games.text_board import Fragments, banqi_board, fragment_lines, plain, width
from gamescreens.friendly.follow import FriendlyFollower
from gamescreens.friendly.reading import replay_read
from gamescreens.games.live_board import LiveBoard
from gamescreens.games.reading import Replay
from gamescreens.games.replay_board import ReplayBoard


def banqi_lines(squares: list, last: str | None, encoding: str) -> tuple[list[Fragments], int]:
    """Dark chess's board as its page draws it (never turned), and the columns it takes."""
    if not squares:
        return [], 0
    big5 = encoding.lower().replace("-", "") in ("big5", "cp950")
    lines = fragment_lines(banqi_board(squares, last=last, big5=big5))
    return lines, max(width(plain(line)) for line in lines)


@screen("friendly-live")
class FriendlyLiveScreen(LiveBoard):
    readies = False

    def __init__(self, ctx, *, game_id: int):
        super().__init__(ctx, game_id=game_id)
        with translation.override(ctx.language):
            self.title = _("Friendly game %(id)s") % {"id": game_id}

    def follower(self, ctx, *, game_id: int, campaign=None) -> FriendlyFollower:  # type: ignore[override]
        return FriendlyFollower(ctx, game_id=game_id, changed=ctx.invalidate)

    def help(self) -> str:
        return _(
            "A friendly game. Enter or m opens the move prompt: type a move (Chinese notation, WXF or ICCS; "
            "dark chess b3, b3-b4), Enter sends it and closes the prompt, Esc closes it without sending · "
            "d offer or accept a draw · n decline the draw · c claim · x resign · f turn the board · q back"
        )

    def footer(self) -> str:
        if self.is_typing():
            return super().footer()
        banqi = self.game.view is not None and self.game.view.kind == "banqi"  # never turned, nothing to claim
        if self.game.side is None:
            return _("? help  q/← back") if banqi else _("? help  f turn the board  q/← back")
        if banqi:
            return _("? help  Enter/m move  d draw  n decline  x resign  q back")
        return _("? help  Enter/m move  d draw  n decline  c claim  x resign  f turn  q back")

    def _flipped(self) -> bool:
        view = self.game.view
        return view is not None and view.kind != "banqi" and super()._flipped()

    def board_lines(self, view, flipped: bool, rows: int) -> tuple[list[Fragments], int]:
        if view.kind != "banqi":
            return super().board_lines(view, flipped, rows)
        return banqi_lines(cast(FriendlyFollower, self.game).rows, view.last, self.ctx.encoding)


@screen("friendly-replay")
class FriendlyReplayScreen(ReplayBoard):
    """A decided friendly game replayed, as the war's games are; dark chess step by step with its
    whole deal shown, as its page shows it once over (R11.7)."""

    def __init__(self, ctx, *, game_id: int, ply: int | None = None):
        super().__init__(ctx, game_id=game_id, ply=ply)
        with translation.override(ctx.language):
            self.title = _("Friendly game %(id)s: replay") % {"id": game_id}
        self.squares: list = []  # dark chess: its squares after each action, the deal shown

    async def start(self) -> None:
        self.replay, self.squares = await self.ctx.db(replay_read, game_id=self.game_id, user=self.ctx.user)
        last = len(self.replay.moves)
        self.ply = last if self.ply is None else max(0, min(self.ply, last))
        self.flipped = self.replay.black_view
        self.ctx.invalidate()

    def help(self) -> str:
        return _(
            "← → one move back / on · Home / End the start / the last move · PgUp / PgDn ten moves · "
            "f turn the board · q back"
        )

    def board_lines(self, replay: Replay, ply: int, rows: int) -> tuple[list[Fragments], int]:
        if replay.kind != "banqi":
            return super().board_lines(replay, ply, rows)
        last = replay.moves[ply - 1] if ply else None
        return banqi_lines(self.squares[ply] if ply < len(self.squares) else [], last, self.ctx.encoding)
