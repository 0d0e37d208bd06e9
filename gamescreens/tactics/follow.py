"""A hero tactics game followed from a terminal, independent of how it is drawn: it joins the
game's group `tactics.<id>` on the channel layer (tactics/fanout.py tells it each committed
change: the game's id and version only) and reads its own view again on each (what a reader may
see depends on who reads: T2.3, T2.5), with the legal actions of the reader's side; it counts the
running clock down between readings (W7)."""

import asyncio
import time
from collections.abc import Callable

from channels.layers import get_channel_layer

from gamescreens.tactics.reading import game_read
from tactics.fanout import group


class Follower:
    def __init__(self, ctx, game_id: int, changed: Callable[[], None] = lambda: None):
        self.ctx, self.game_id, self.changed = ctx, game_id, changed
        self.view: dict | None = None
        self.missing = False  # no such game
        self.legal: dict = {"actions": []}
        self.read_at = 0.0  # time.monotonic() of the reading
        self.channel = ""
        self.tasks: list[asyncio.Task] = []
        self.stale = asyncio.Event()

    async def start(self) -> None:
        """The group joined before the first reading, so that no change is missed."""
        layer = get_channel_layer()
        if layer is not None:
            self.channel = await layer.new_channel()  # the process's one channel (docs/terminal.md)
            await layer.group_add(group(self.game_id), self.channel)
            loop = asyncio.get_running_loop()
            self.tasks = [loop.create_task(self._listen(layer)), loop.create_task(self._reread())]
        await self.refresh()

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        layer = get_channel_layer()
        if layer is not None and self.channel:
            await layer.group_discard(group(self.game_id), self.channel)

    async def _listen(self, layer) -> None:
        while True:
            message = await layer.receive(self.channel)
            if message.get("type") == "tactics.changed" and message.get("version", 0) > self.version:
                self.stale.set()

    async def _reread(self) -> None:
        while True:
            await self.stale.wait()
            self.stale.clear()
            await self.refresh()

    async def refresh(self) -> None:
        self.view, self.legal = await self.ctx.db(game_read, game_id=self.game_id, user=self.ctx.user)
        self.missing = self.view is None
        self.read_at = time.monotonic()
        self.changed()

    @property
    def version(self) -> int:
        return self.view["version"] if self.view is not None else -1

    @property
    def actions(self) -> list[dict]:
        return self.legal.get("actions", []) if self.legal.get("version") == self.version else []

    def clocks(self, now: float | None = None) -> dict[str, int]:
        """Each side's milliseconds left as of `now` (time.monotonic()): the side to act's runs."""
        if self.view is None:
            return {}
        elapsed = int(((time.monotonic() if now is None else now) - self.read_at) * 1000)
        running = self.view["to_act"] if self.view["status"] == "playing" else None
        return {side: max(0, left - (elapsed if side == running else 0)) for side, left in self.view["clocks"].items()}
