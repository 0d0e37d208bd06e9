"""A game replayed in the terminal (R11.6: every game kept, readable move by move): the board at
a move, the moves in the reader's notation (Chinese for zh-hant, WXF for en; chess in SAN) with
the move shown marked, the players and the result with how it ended.

Keys: ← → one move back and on (this screen's own: the frame's `q` goes back), Home / End the
start and the last move, PgUp / PgDn ten moves, `f` turns the board. A reader who played black
sees it turned first, as on the game's page. The opponent of a reported record's claim answers it
with `a` (R11.3: confirm or dispute, the form of the duties list)."""

from typing import cast

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout.containers import Container, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from bbs.registry import screen_open
from campaign.models import Campaign
from games.text_board import Fragments, fragment_lines
from gamescreens.games.layout import beside, board_for, board_width, inline, move_lines, shown
from gamescreens.games.reading import Replay, replay_read
from play.models import Game

STEP_PAGE = 10


class ReplayBoard:
    """A finished (or any) game of `campaign` (the session's, `ctx.campaign`, unless given)
    replayed; `ply`: the move shown first (the last by default). No screen itself: the war's
    (`game-replay`, gamescreens/games/replay.py) and the friendly games' replay (which reads its
    own game, `start`) register theirs."""

    def __init__(self, ctx, *, game_id: int, campaign: Campaign | None = None, ply: int | None = None):
        self.ctx = ctx
        self.campaign = campaign or ctx.campaign  # by default the campaign chosen in the menu
        self.game_id = game_id
        self.ply = ply
        self.replay: Replay | None = None
        self.flipped = False
        self.missing = False
        with translation.override(ctx.language):
            self.title = _("Game replay")
        self.control = FormattedTextControl(self._text, focusable=True, show_cursor=False)
        self.window = Window(self.control, wrap_lines=False, always_hide_cursor=True)

    async def start(self) -> None:
        try:
            self.replay = await self.ctx.db(
                replay_read, campaign=self.campaign, game_id=self.game_id, user=self.ctx.user
            )
        except Game.DoesNotExist:
            self.missing = True
            self.ctx.status(_("No such game in this campaign."))
            return
        last = len(self.replay.moves)
        self.ply = last if self.ply is None else max(0, min(self.ply, last))
        self.flipped = self.replay.black_view
        self.ctx.invalidate()

    async def stop(self) -> None:
        """Nothing to leave: a replay listens to nothing."""

    def container(self) -> Container:
        return self.window

    def help(self) -> str:
        return _(
            "← → one move back / on · Home / End the start / the last move · PgUp / PgDn ten moves · "
            "f turn the board · a confirm or dispute the opponent's claim · q back"
        )

    def footer(self) -> str:
        answer = _("  a answer the claim") if self.replay is not None and self.replay.answers else ""
        return _("? help  ←→ a move  Home End  PgUp PgDn ten  f turn") + answer + _("  q back")

    def key_bindings(self) -> KeyBindings:
        bindings = KeyBindings()

        def step(by: int = 0, to: int | None = None):
            """A step of `by` moves, held at the start and the last move (← at move 0 stays
            there), or a jump `to` a move (-1: the last)."""

            def handler(event) -> None:
                if self.replay is None or self.ply is None:
                    return
                last = len(self.replay.moves)
                if to is not None:
                    self.ply = last if to < 0 else min(to, last)
                else:
                    self.ply = max(0, min(last, self.ply + by))
                self.ctx.invalidate()

            return handler

        bindings.add("left")(step(by=-1))
        bindings.add("right")(step(by=1))
        bindings.add("pageup")(step(by=-STEP_PAGE))
        bindings.add("pagedown")(step(by=STEP_PAGE))
        bindings.add("home")(step(to=0))
        bindings.add("end")(step(to=-1))

        @bindings.add("f")
        def _turn(event) -> None:
            self.flipped = not self.flipped
            self.ctx.invalidate()

        @bindings.add("a")
        def _answer(event) -> None:
            if self.replay is not None and self.replay.answers:  # R11.3: the claim's opponent only
                screen_open(self.ctx, "claim-answer", game_id=self.game_id, on_done=self._answered)

        return bindings

    def _answered(self, done: str) -> None:
        """The claim answered: the replay read again (its heading says what became of it)."""
        self.ctx.spawn(self.start())

    def _text(self) -> StyleAndTextTuples:
        with translation.override(self.ctx.language):
            return cast(StyleAndTextTuples, inline(self.draw(self.ctx.columns, max(1, self.ctx.rows - 2))))

    def draw(self, columns: int, rows: int) -> Fragments:
        """The screen's body at this size: the board on the left, the game beside it."""
        replay, ply = self.replay, self.ply
        if replay is None or ply is None:
            waiting = _("No such game in this campaign.") if self.missing else pgettext("terminal game", "Loading…")
            return [("", waiting)]
        left, left_width = self.board_lines(replay, ply, rows)
        panel: list[Fragments] = [
            [("class:heading", "  ".join(f"{colour} {shown(name)}" for colour, name in replay.players))],
            [("", replay.heading)],
            *([[("class:unread", shown(replay.claim))]] if replay.claim else []),
            *([[("class:heading", _("a: confirm or dispute the claim"))]] if replay.answers else []),
            [("class:dim", _("Move %(ply)s of %(count)s") % {"ply": ply, "count": len(replay.moves)})],
            [],
        ]
        panel += move_lines(replay.pairs, ply, max(0, rows - len(panel)))
        return beside(left, left_width, panel, columns, rows)

    def board_lines(self, replay: Replay, ply: int, rows: int) -> tuple[list[Fragments], int]:
        """The board at move `ply` as the game's kind draws it, and the columns it takes."""
        last = replay.moves[ply - 1] if ply else None
        board = board_for(
            replay.kind, replay.placements[ply], last=last, flipped=self.flipped, encoding=self.ctx.encoding, rows=rows
        )
        return fragment_lines(board), board_width(replay.kind)
