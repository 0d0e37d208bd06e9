"""What the war's screens share: a page of lines under a heading and above a footing, the cursor
on a line, Enter opening what the line names (a city, an army, a siege); kept current while open.

Live: each screen joins the process's dashboard watcher (live/dashboard_push.py), the one per
event loop that reads the world version in Redis (campaign/freshness.py, stamped after every
commit that changed what the war's pages show) and wakes the open dashboards when it moved, so
the terminal learns of a change as the web's dashboards do, with no polling of the database of its
own. A woken screen reads again through its selector; one under another screen reads again when
it is back on top. Its countdowns are drawn from the clock, and redrawn once a second."""

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings

from battles.models import Army, Siege
from bbs.context import Context
from bbs.registry import screen_open
from bbs.widgets import ListScreen
from campaign import clock, freshness
from cities.models import City
from live.dashboard_push import watcher
from screens.war.look import clip

log = logging.getLogger(__name__)

TICK = 1.0  # seconds between redraws of the countdowns


@dataclass
class Line:
    fragments: StyleAndTextTuples
    opens: Callable[[], Any] | None = None  # the screen Enter opens on this line


def text(value: str, style: str = "") -> StyleAndTextTuples:
    return [(style, value)]


def acts_hint(*, games: bool = False) -> str:
    """The keys every war screen adds to its help: its acts (and its games)."""
    hint = _("a lists the acts you may take here.")
    if games:
        hint += " " + _("Enter on a game opens its board: live, or its replay.")
    return hint


class WarPage(ListScreen):
    """Subclasses give `load()` (their selector, through ctx.db), `lines()`, `heading()` and
    `footing()` (each a list of lines of fragments), drawn at the clock's `now()`."""

    missing = ""  # the status line's words when the object read is not there (a 404)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.loaded = False
        self.stale = False
        # what the screen is about, for the acts' menu (ActMenu(ctx, city=, army=, siege=))
        self.city: City | None = None
        self.army: Army | None = None
        self.siege: Siege | None = None
        self._woken = asyncio.Event()
        self._tasks: list[asyncio.Task] = []

    # to give

    async def load(self) -> None:
        pass

    def lines(self) -> list[Line]:
        return []

    def heading(self) -> list[StyleAndTextTuples]:
        return []

    def footing(self) -> list[StyleAndTextTuples]:
        return []

    # the page

    def now(self):
        return clock.now()

    def rows(self) -> list[StyleAndTextTuples]:
        return [line.fragments for line in self.lines()] if self.loaded else []

    def choose(self, index: int) -> None:
        lines = self.lines()
        opens = lines[index].opens if index < len(lines) else None
        if opens is not None:
            self.ctx.push(opens())
            return
        game = self.chosen_game()
        if game is not None:
            screen_open(self.ctx, "game", game.pk)

    def chosen_game(self) -> Any:
        """The game under the cursor, which Enter opens (its live board or replay); None here."""
        return None

    def footer(self) -> str:
        return _("? help  ↑↓ move  Enter open  a acts here  q/← back")

    def more_keys(self, keys: KeyBindings) -> None:
        @keys.add("a")
        def _acts(event):
            screen_open(self.ctx, "acts", city=self.city, army=self.army, siege=self.siege)

    def page_rows(self) -> int:
        return max(self.ctx.body_rows - len(self.heading()) - len(self.footing()), 1)

    def empty_text(self) -> str:
        return _("Loading…") if not self.loaded else ""

    def _fragments(self) -> StyleAndTextTuples:
        columns = self.ctx.columns
        out: StyleAndTextTuples = []
        for line in self.heading():
            out.extend(clip(line, columns))
            out.append(("", "\n"))
        rows = self.rows()
        self.cursor = min(self.cursor, max(len(rows) - 1, 0))
        per_page = self.page_rows()
        first = (self.cursor // per_page) * per_page
        shown = rows[first : first + per_page]
        for index, row in enumerate(shown, start=first):
            out.append(("class:cursor", "> ") if index == self.cursor else ("", "  "))
            out.extend(clip(row, columns - 2))
            out.append(("", "\n"))
        if not rows:
            out.append(("class:dim", self.empty_text() + "\n"))
        footing = self.footing()
        if footing:
            out.append(("", "\n" * max(per_page - max(len(shown), 1), 0)))
            for line in footing:
                out.extend(clip(line, columns))
                out.append(("", "\n"))
        return out

    # kept current

    async def start(self) -> None:
        watcher().add(self)
        await self.ctx.db(freshness.version)  # a version to compare with, were Redis fresh
        await self._read()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._follow()), loop.create_task(self._tick())]

    async def stop(self) -> None:
        watcher().dashboards.discard(self)
        for task in self._tasks:
            task.cancel()

    def wake(self) -> None:
        self._woken.set()

    def on_top(self) -> bool:
        stack = self.ctx.frame.stack if self.ctx.frame is not None else self.ctx.stack  # type: ignore[attr-defined]
        return not stack or stack[-1] is self

    async def _read(self) -> None:
        try:
            await self.load()
        except Http404:
            self.ctx.status("! " + self.missing)
        except Exception:
            log.exception("bbs: a war screen could not be read")
            self.ctx.status(_("! This screen could not be read again; it shows what it last read."))
        else:
            self.loaded = True
        self.stale = False
        self.ctx.invalidate()

    async def _follow(self) -> None:
        while True:
            await self._woken.wait()
            self._woken.clear()
            if self.on_top():
                await self._read()
            else:
                self.stale = True

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            if not self.on_top():
                continue  # drawn again when it is back on top
            if self.stale:
                await self._read()
            self.ctx.invalidate()
