"""Every act the terminal has a form for, by the web form's URL name, and the screens that list
acts to choose from (a duty's, the acts menu's)."""

from collections.abc import Callable

from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples

from battles.selectors.duties import Duty
from bbs.context import Context
from bbs.screen import on_top
from bbs.text import fit, safe
from bbs.widgets import ListScreen
from screens.acts.claims import ClaimAnswer
from screens.acts.form import Act, FormScreen
from screens.acts.march import March, Reinforce
from screens.acts.moves import MoveCancel, MoveDecision, MoveOrder, MoveRequest
from screens.acts.offers import Offer, duty_offers
from screens.acts.sieges import CallAnswer, Pursue, Retreat, SiegeCall
from screens.acts.stratagems import StratagemAnswer, StratagemChallenge

ACTS: dict[str, Act] = {
    "move-request": MoveRequest(),
    "move-order": MoveOrder(),
    "move-approve": MoveDecision(approve=True),
    "move-reject": MoveDecision(approve=False),
    "move-cancel": MoveCancel(),
    "march": March(),
    "siege-call": SiegeCall(),
    "call-answer": CallAnswer(),
    "retreat": Retreat(),
    "pursuit": Pursue(),
    "reinforce": Reinforce(),
    "stratagem": StratagemChallenge(),
    "stratagem-answer": StratagemAnswer(),
    "claim-answer": ClaimAnswer(),
}


def form_for(ctx: Context, offer: Offer, on_done: Callable[[str], None] | None = None) -> FormScreen:
    preset: MultiValueDict = MultiValueDict()
    for name, value in offer.preset.items():
        preset[name] = value
    return FormScreen(ctx, ACTS[offer.act], preset, on_done=on_done)


class ActList(ListScreen):
    """Acts to choose from; Enter opens the act's form."""

    def __init__(self, ctx: Context, title: str, offers: list[Offer], on_done=None) -> None:
        super().__init__(ctx)
        self.title = title
        self.offers = offers
        self.on_done = on_done

    def header(self) -> str:
        return _("Choose the act: ↑↓ or its number, then Enter")

    def rows(self) -> list[StyleAndTextTuples]:
        columns = self.ctx.columns - 2
        return [
            [("", fit(f"{i + 1:>3}  {safe(o.label, newlines=False)}", columns, pad=False))]
            for i, o in enumerate(self.offers)
        ]

    def empty_text(self) -> str:
        return _("There is nothing you may do here now.")

    def choose(self, index: int) -> None:
        self.ctx.push(form_for(self.ctx, self.offers[index], self._done))

    def _done(self, done: str) -> None:
        if on_top(self.ctx, self):  # (not when left while the act was sent)
            self.ctx.pop()  # the act is done: back to where the list was opened, saying so
        self.ctx.status(done)
        if self.on_done is not None:
            self.on_done(done)

    def help(self) -> str:
        return _("The acts you may take. ↑↓ move, Enter opens the act's form; q goes back.")


def duty_act(ctx: Context, duty: Duty, on_done: Callable[[str], None] | None = None):
    """The screen a duty is done in: its form, a choice of its acts, or None (done on the site)."""
    offers = duty_offers(duty)
    if not offers:
        return None
    if len(offers) == 1:
        return form_for(ctx, offers[0], on_done)
    return ActList(ctx, safe(duty.summary, newlines=False), offers, on_done)
