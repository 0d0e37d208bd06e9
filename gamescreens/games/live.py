"""The war's live game in the terminal (R11.3, R7.4), the screen `game-live`: the board drawn and
played as gamescreens/games/live_board.py says, following the war's game (`LiveGame`, through
play/live_acts.py as the game's socket)."""

from bbs.registry import screen
from gamescreens.games.live_board import MOVE_CHARS, LiveBoard


@screen("game-live")
class LiveScreen(LiveBoard):
    """The live game `game_id` of `campaign` (by default the one chosen in the menu, `ctx.campaign`)."""


__all__ = ["MOVE_CHARS", "LiveScreen"]
