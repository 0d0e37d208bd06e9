"""A reported record's claim answered from the terminal (R11.3): the act's form, opened by its name
from a game's replay (gamescreens/games/replay.py), as a duty's acts are (the catalogue's forms)."""

from collections.abc import Callable

from django.utils.translation import gettext as _

from bbs.context import Context
from bbs.registry import screen
from screens.acts.catalogue import form_for
from screens.acts.form import FormScreen
from screens.acts.offers import Offer


@screen("claim-answer")
def claim_answer(ctx: Context, game_id: int, on_done: Callable[[str], None] | None = None) -> FormScreen:
    """A reported record's claim confirmed or disputed by its opponent (R11.3), opened from a
    game's replay."""
    return form_for(ctx, Offer(_("Confirm or dispute the result"), "claim-answer", {"game": str(game_id)}), on_done)
