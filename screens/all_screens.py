"""Every screen module of the terminal, imported once so that each registers its screens by name
(bbs/registry.py): the screens app's `ready` imports this in every process, so that the engine
(bbs/) imports no screen, and no screen imports another. The game screens (the war's games, hero
tactics) are the gamescreens app's, registered by its own gamescreens/all_screens.py."""

import screens.acts.claim_answer
import screens.acts.duties
import screens.acts.menu
import screens.boards
import screens.drafts
import screens.letters
import screens.menu
import screens.pager
import screens.war.army
import screens.war.city
import screens.war.dashboard
import screens.war.road
import screens.war.siege  # noqa: F401  (each registers its screens as it is imported)
