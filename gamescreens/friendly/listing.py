"""The reader's friendly games (the game room's xiangqi, chess and dark chess, outside the war),
reached with `g` from the hero tactics list and from the war's games list: those being played or
offered first, then the decided, newest first. Enter opens one (`friendly-game`: its live board,
or its replay once decided); `o` opens any game by its number (anyone may watch one); `r` reads
the list again (also on coming back from a game). Challenges and seeks are made and answered in
the game room's pages (/room/)."""

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout.containers import ConditionalContainer, Container, HSplit, VSplit, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl

from bbs.context import Context
from bbs.registry import screen, screen_make, screen_open
from bbs.screen import on_top
from bbs.text import fit, safe
from bbs.widgets import ListScreen
from friendly.models import FriendlyGame
from gamescreens.friendly import reading


def state_words(game: FriendlyGame, user_id: int) -> str:
    you = game.side_of(user_id)
    if game.status == FriendlyGame.Status.DECIDED:
        if game.result == "draw":
            outcome = _("drawn")
        else:
            outcome = _("won") if game.result == you else _("lost")
        return f"{outcome} ({game.ending})" if game.ending else outcome
    if game.status == FriendlyGame.Status.PLAYING:  # (the list reads no moves: whose turn is the game's to say)
        return _("in play, a draw offered") if game.draw_offered_by else _("in play")
    if game.status == FriendlyGame.Status.CHALLENGED:
        return _("challenge sent") if game.challenger_id == user_id else _("challenges you")
    return str(game.get_status_display())


@screen("friendly-games")
class FriendlyList(ListScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.title = _("Friendly games (the game room)")
        self.games: list[FriendlyGame] | None = None
        self.away = False
        self.asking = False  # the game's number typed in the line below
        self.buffer = Buffer(multiline=False, accept_handler=self._accept)
        typing = KeyBindings()
        for key in ("q", "?", "/"):
            typing.add(key)(lambda event, key=key: self.buffer.insert_text(key))
        typing.add("escape")(lambda event: self._close())
        prompt = VSplit(
            [
                Window(FormattedTextControl(lambda: [("class:heading", _("Open game No.: "))]), dont_extend_width=True),
                Window(BufferControl(self.buffer, key_bindings=typing), height=1),
            ],
            height=1,
        )
        self.root = HSplit([self._container, ConditionalContainer(prompt, Condition(self.prompting))])

    async def start(self) -> None:
        await self.load()

    async def load(self) -> None:
        self.games = await self.ctx.db(reading.games_of, self.ctx.user)
        self.ctx.invalidate()

    def container(self) -> Container:
        return self.root

    def list_rows(self) -> int:
        return self.ctx.body_rows - (1 if self.prompting() else 0)

    def prompting(self) -> bool:
        return self.asking

    def header(self) -> str:
        if self.games is None:
            return pgettext("terminal game", "Loading…")
        return _("  No.  Game       First            Second           State")

    def rows(self) -> list[StyleAndTextTuples]:
        if self.away and on_top(self.ctx, self):
            self.away = False
            self.ctx.spawn(self.load())
        user_id = self.ctx.user.pk
        rows: list[StyleAndTextTuples] = []
        for game in self.games or []:
            state = state_words(game, user_id)
            urgent = game.status == FriendlyGame.Status.PLAYING
            rows.append(
                [
                    ("", f"{game.pk:>5} "),
                    ("", fit(reading.kind_word(game.kind), 10) + " "),
                    ("", fit(safe(game.first.username, newlines=False), 16) + " "),
                    ("", fit(safe(game.second.username, newlines=False), 16) + " "),
                    ("class:unread" if urgent else "", state),
                ]
            )
        return rows

    def empty_text(self) -> str:
        return (
            _("No friendly game yet: challenge a player in the game room (/room/).") if self.games is not None else ""
        )

    def choose(self, index: int) -> None:
        self.away = True
        screen_open(self.ctx, "friendly-game", game_id=(self.games or [])[index].pk)

    def footer(self) -> str:
        if self.prompting():
            return _("Enter sends  Esc closes")
        return _("? help  ↑↓ move  Enter play, watch or replay  o No.  r read again  q back")

    def help(self) -> str:
        return _(
            "Your friendly games of the game room (xiangqi, chess, dark chess): those being played or offered "
            "first, then the decided, newest first. Enter opens one (a game being played to play or watch, a "
            "decided one replayed); o opens any game by its number, to watch it; r reads the list again. "
            "Challenges and seeks are made and answered in the game room (/room/)."
        )

    def more_keys(self, keys: KeyBindings) -> None:
        listing = Condition(lambda: not self.prompting())
        keys.add("o", filter=listing)(lambda event: self._open_prompt())
        keys.add("r", filter=listing)(lambda event: self.ctx.spawn(self.load()))

    def _open_prompt(self) -> None:
        self.asking = True
        self.buffer.reset()
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self.buffer)  # type: ignore[attr-defined]
        self.ctx.invalidate()

    def _close(self) -> None:
        self.asking = False
        self.buffer.reset()
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self._container)  # type: ignore[attr-defined]
        self.ctx.invalidate()

    def _accept(self, buffer: Buffer) -> bool:
        text = buffer.text.strip()
        self._close()
        if text.isascii() and text.isdigit() and len(text) <= 9:
            self.away = True
            screen_open(self.ctx, "friendly-game", game_id=int(text))
        else:
            self.ctx.status(_("! A game's number is digits."))
        return False


def nothing_to_show(opening: str) -> str:
    reasons = {
        "challenged": _("! This challenge is not accepted yet: it is answered in the game room (/room/)."),
        "declined": _("! This challenge was declined: there is no board to show."),
        "cancelled": _("! This challenge was withdrawn: there is no board to show."),
    }
    return reasons.get(opening, _("! There is no friendly game of that number."))


class FriendlyOpening:
    """The screen `friendly-game` gives: "Loading…" until it knows which screen the game needs
    (as gamescreens/games/open.py for the war's games)."""

    def __init__(self, ctx: Context, game_id: int) -> None:
        self.ctx = ctx
        self.game_id = game_id
        self.title = pgettext("terminal game", "Game")
        self.window = Window(FormattedTextControl(lambda: pgettext("terminal game", "Loading…"), focusable=True))

    async def start(self) -> None:
        opening = await self.ctx.db(reading.opening, game_id=self.game_id)
        if not on_top(self.ctx, self):
            return  # the reader went back while it was read
        self.ctx.pop()
        if opening in ("live", "replay"):
            self.ctx.push(screen_make(self.ctx, f"friendly-{opening}", game_id=self.game_id))
        else:
            with translation.override(self.ctx.language):
                self.ctx.status(nothing_to_show(opening))

    async def stop(self) -> None:
        """Nothing to leave: it listens to nothing."""

    def container(self) -> Container:
        return self.window

    def key_bindings(self) -> KeyBindings:
        return KeyBindings()

    def help(self) -> str:
        return _("A game is being opened: its live board or its replay follows.")


@screen("friendly-game")
def friendly_game_screen(ctx: Context, game_id: int) -> FriendlyOpening:
    """The screen for the friendly game `game_id`: push it."""
    return FriendlyOpening(ctx, game_id)
