"""The acts menu (行動): the acts the officer may take now about a city, an army or a siege (all
of the officer's acts when none is given), each opening its form; read again after each act and
whenever a notice reaches the officer (a move approved elsewhere is no longer withdrawn here)."""

import asyncio

from django.utils.translation import gettext as _

from bbs.context import Context
from bbs.notices import on_each_notice
from bbs.registry import screen
from campaign.authority import require_officer
from screens.acts.catalogue import ActList
from screens.acts.offers import Offer, offers


@screen("acts")
class ActMenu(ActList):
    def __init__(self, ctx: Context, *, city=None, army=None, siege=None) -> None:
        super().__init__(ctx, _("Acts"), [])
        self.city, self.army, self.siege = city, army, siege
        self.loaded = False
        self._reading: asyncio.Task | None = None
        self._following: asyncio.Task | None = None

    async def start(self) -> None:
        await self.reload()
        self._following = asyncio.get_running_loop().create_task(on_each_notice(self.ctx, self.reload))

    async def stop(self) -> None:
        if self._following is not None:
            self._following.cancel()
            self._following = None

    async def reload(self) -> None:
        self.offers = await self.ctx.db(self._read)
        self.loaded = True
        self.ctx.invalidate()

    def _read(self) -> list[Offer]:
        officer = require_officer(self.ctx.user, self.ctx.campaign, letters=True)  # as the pages read it
        return offers(officer, city=self.city, army=self.army, siege=self.siege)

    def header(self) -> str:
        return super().header() if self.loaded else _("Loading…")

    def empty_text(self) -> str:
        return super().empty_text() if self.loaded else ""

    def _done(self, done: str) -> None:
        self.ctx.status(done)  # the form is gone; this menu stays, read again
        self._reading = self.ctx.spawn(self.reload())

    def help(self) -> str:
        return _(
            "The acts you may take now (moves, marching, siege calls and answers, retreats, pursuits, "
            "reinforcements, stratagems), as the site's pages offer them. Enter opens the act's form; "
            "after an act, and when a notice reaches you, the list is read again."
        )
