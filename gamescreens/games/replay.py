"""A war's game replayed in the terminal (R11.6), the screen `game-replay`: as
gamescreens/games/replay_board.py draws it, read through the game page's selectors."""

from bbs.registry import screen
from gamescreens.games.replay_board import ReplayBoard


@screen("game-replay")
class ReplayScreen(ReplayBoard):
    """A game of `campaign` (the session's, `ctx.campaign`, unless given) replayed."""
