"""Every screen module of the terminal, imported once so that each registers its screens by name
(bbs/registry.py): the session imports this, and no screen imports another."""

import bbs.acts.duties
import bbs.acts.menu
import bbs.boards
import bbs.games.listing
import bbs.games.live
import bbs.games.open
import bbs.games.replay
import bbs.letters
import bbs.menu
import bbs.pager
import bbs.war.army
import bbs.war.city
import bbs.war.dashboard
import bbs.war.road
import bbs.war.siege  # noqa: F401  (each registers its screens as it is imported)
