"""The duties list (待辦) in the terminal: the officer's duties as the duties page lists them
(battles.selectors.duties.officer_duties: what, most urgent first, and the deadline with a
countdown that ticks), read again whenever a notice reaches the officer's channel-layer group (the
group the pages' notices socket listens to), so that a duty appears without a key. Enter opens the
duty's act as a form (screens/acts/catalogue.py) where the terminal has one."""

import asyncio
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples

from battles.selectors.duties import Duty, officer_duties
from bbs.context import Context
from bbs.notices import on_each_notice
from bbs.registry import screen, screen_make
from bbs.screen import on_top
from bbs.text import fit, safe
from bbs.widgets import ListScreen
from campaign import clock
from campaign.authority import require_officer
from screens.acts.catalogue import duty_act

TICK = 1.0  # seconds between redraws of the countdowns


def countdown(deadline: datetime | None, now: datetime) -> str:
    """What is left before the deadline: 'M:SS', 'H:MM:SS' or 'Nd Hh'; '—' with no deadline.

    >>> from datetime import timedelta as t
    >>> n = datetime(2026, 5, 1, 10, 0)
    >>> countdown(n + t(minutes=9, seconds=5), n), countdown(n + t(hours=2, seconds=7), n)
    ('9:05', '2:00:07')
    >>> countdown(n + t(days=3, hours=4), n)
    '3d 4h'
    >>> countdown(n - t(seconds=1), n), countdown(None, n)
    ('0:00', '—')
    """
    if deadline is None:
        return "—"
    left = max(int((deadline - now).total_seconds()), 0)
    days, rest = divmod(left, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    if days:
        return f"{days}d {hours}h"
    if hours:
        return f"{hours}:{minutes:02}:{seconds:02}"
    return f"{minutes}:{seconds:02}"


@screen("duties")
class DutiesScreen(ListScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.title = _("Duties")
        self.duties: list[Duty] = []
        self.loaded = False
        self._tasks: list[asyncio.Task] = []

    async def start(self) -> None:
        await self.reload()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(on_each_notice(self.ctx, self.reload)), loop.create_task(self._tick())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks = []

    async def reload(self) -> None:
        self.duties = await self.ctx.db(self._read)
        self.loaded = True
        self.ctx.invalidate()

    def _read(self) -> list[Duty]:
        officer = require_officer(self.ctx.user, self.ctx.campaign, letters=True)  # as the pages read it
        return officer_duties(officer=officer, now=clock.now())

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            if on_top(self.ctx, self):  # a screen over it is not redrawn under it each second
                self.ctx.invalidate()

    def header(self) -> str:
        if not self.loaded:
            return _("Loading…")
        return fit(_("  #  Left      What (most urgent first)"), self.ctx.columns - 2)

    def rows(self) -> list[StyleAndTextTuples]:
        now = timezone.now()
        columns = self.ctx.columns - 2
        out: list[StyleAndTextTuples] = []
        for i, duty in enumerate(self.duties):
            left = countdown(duty.deadline, now)
            style = "class:unread" if duty.deadline is not None else ""
            line = f"{i + 1:>3}  {left:<8}  {safe(duty.summary, newlines=False)}"
            out.append([(style, fit(line, columns, pad=False))])
        return out

    def empty_text(self) -> str:
        return _("Nothing waits on you.") if self.loaded else ""

    def choose(self, index: int) -> None:
        duty = self.duties[index]
        screen = duty_act(self.ctx, duty, on_done=self._done)
        if screen is None and duty.kind in ("game", "claim"):
            screen = screen_make(
                self.ctx, "game", int(duty.key.split(":")[1])
            )  # "game:<id>:start", ":play", ":dispute"
        if screen is None:
            self.ctx.status(_("This is done on the site: %(path)s") % {"path": duty.path})
            return
        self.ctx.push(screen)

    def _done(self, done: str) -> None:
        self._tasks.append(self.ctx.spawn(self.reload()))

    def help(self) -> str:
        return (
            _(
                "Your duties, most urgent first, as the duties page lists them, with the time left before "
                "each deadline. A new duty shows as soon as its notice arrives. Enter opens the duty's form "
                "where the terminal has one (moves, siege calls, pursuits, stratagems); the others are done "
                "on the site's page named on the status line."
            )
            + " "
            + _("Enter on a game to start or to play opens its live board.")
        )
