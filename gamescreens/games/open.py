"""A game opened from any screen of the terminal (the games list, a siege's page): `game_screen`
gives at once a screen that reads what the game is (`game_opening`, one query) and stands aside
for the one that shows it: the live board for a game being played on the site (to play or to
watch), the replay for a decided one (or one whose record awaits its answer), the hero tactics
game's own screen for a battle decided by one (W1). A game with
nothing to show (no defender yet, cancelled, not of this campaign) leaves the reader where they
were, with the reason on the status line."""

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout.containers import Container, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from bbs.context import Context
from bbs.registry import screen, screen_make
from bbs.screen import Screen
from play.selectors.game_choice import game_opening
from tactics.lookups import tactics_of_battle


def nothing_to_show(opening: str) -> str:
    reasons = {
        "called": _("! No defender has taken up this game yet: there is no board to show."),
        "cancelled": _("! This game was cancelled: there is no board to show."),
    }
    return reasons.get(opening, _("! No such game in this campaign."))


class Opening:
    """The screen `game_screen` gives: "Loading…" until it knows which screen the game needs."""

    def __init__(self, ctx: Context, game_id: int) -> None:
        self.ctx = ctx
        self.game_id = game_id
        self.campaign = ctx.campaign
        self.title = pgettext("terminal game", "Game")
        self.window = Window(FormattedTextControl(lambda: pgettext("terminal game", "Loading…"), focusable=True))
        self.opened: Screen | None = None  # the screen it stood aside for

    async def start(self) -> None:
        opening = await self.ctx.db(game_opening, campaign=self.campaign, game_id=self.game_id)
        tactics_id = None
        if opening == "tactics":  # read before the pop below, which cancels this start at its next wait
            tactics_id = await self.ctx.db(tactics_of_battle, campaign_id=self.campaign.pk, game_id=self.game_id)
        if not self._on_top():
            return  # the reader went back while it was read
        self.ctx.pop()
        if opening in ("live", "replay"):
            self.opened = screen_make(self.ctx, f"game-{opening}", game_id=self.game_id, campaign=self.campaign)
        elif tactics_id is not None:
            self.opened = screen_make(self.ctx, "tactics-game", game_id=tactics_id)
        if self.opened is not None:
            self.ctx.push(self.opened)
        else:
            with translation.override(self.ctx.language):
                self.ctx.status(nothing_to_show(opening))

    def _on_top(self) -> bool:
        stack = getattr(self.ctx.frame, "stack", None)
        stack = self.ctx.stack if stack is None else stack
        return bool(stack) and stack[-1] is self

    async def stop(self) -> None:
        """Nothing to leave: it listens to nothing."""

    def container(self) -> Container:
        return self.window

    def key_bindings(self) -> KeyBindings:
        return KeyBindings()

    def help(self) -> str:
        return _("A game is being opened: its live board or its replay follows.")


@screen("game")
def game_screen(ctx: Context, game_id: int) -> Screen:
    """The screen for the game `game_id` of the session's campaign (`ctx.campaign`): push it."""
    return Opening(ctx, game_id)
