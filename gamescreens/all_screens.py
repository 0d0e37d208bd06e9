"""Every game screen module of the terminal (the war's games played live and replayed, hero
tactics, the game room's friendly games), imported once so that each registers its screens by
name (bbs/registry.py): this app's `ready` imports this in every process, as the screens app's
does screens/all_screens.py, so that the engine (bbs/) imports no screen, and no screen imports
another."""

import gamescreens.friendly.listing
import gamescreens.friendly.live
import gamescreens.games.listing
import gamescreens.games.live
import gamescreens.games.open
import gamescreens.games.replay
import gamescreens.tactics.game
import gamescreens.tactics.listing  # noqa: F401  (each registers its screens as it is imported)
