"""A friendly game followed and played from a terminal, independent of how it is drawn, in the
shape of the war's live game (gamescreens/games/live_game.py) so that the war's live screen draws
it: it joins the game's group `friendly.<id>` on the channel layer (friendly/fanout.py says after
each committed change that the game changed, as to the game's page) and reads the game again on
each; it counts the running clock down between readings; the reader's actions go through the
friendly game's services (gamescreens/friendly/reading.py `act`), their refusals the page's."""

import asyncio
import time
from collections.abc import Callable

from channels.layers import get_channel_layer

from friendly.fanout import group
from gamescreens.friendly.reading import act, live_read
from gamescreens.games.layout import shown
from gamescreens.games.reading import LiveView


class FriendlyFollower:
    def __init__(self, ctx, *, game_id: int, changed: Callable[[], None] = lambda: None):
        self.ctx, self.game_id, self.changed = ctx, game_id, changed
        self.view: LiveView | None = None
        self.rows: list = []  # dark chess's squares as the page draws them
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
            if message.get("type") == "friendly.changed":
                self.stale.set()

    async def _reread(self) -> None:
        """Changes that came together read once."""
        while True:
            await self.stale.wait()
            self.stale.clear()
            await self.refresh()

    async def refresh(self) -> None:
        reading = await self.ctx.db(live_read, game_id=self.game_id, user=self.ctx.user)
        self.view, self.rows = reading.view, reading.rows
        self.read_at = time.monotonic()
        self.changed()

    @property
    def state(self) -> dict:
        return self.view.state if self.view is not None else {}

    @property
    def side(self) -> str | None:
        """first / second: the side the reader plays (None: a spectator)."""
        return self.state.get("you")

    def clocks(self, now: float | None = None) -> dict[str, int | None]:
        """Each side's milliseconds left as of `now` (time.monotonic()): the side to move's runs."""
        clocks = self.state.get("clocks") or {}
        elapsed = int(((time.monotonic() if now is None else now) - self.read_at) * 1000)
        running = self.state.get("to_move")
        return {
            side: None if side not in clocks else max(0, clocks[side] - (elapsed if side == running else 0))
            for side in ("first", "second")
        }

    def ticking(self) -> bool:
        return self.state.get("to_move") is not None and bool(self.state.get("clocks"))

    async def act(self, frame: dict) -> str:
        """The action through the services; its refusal (also on the status line) or ""; the
        change comes back through the group."""
        refusal = await self.ctx.db(act, user=self.ctx.user, game_id=self.game_id, frame=frame)
        self.ctx.status(shown(refusal))  # it may quote what was typed
        if refusal:
            await self.refresh()
        return refusal

    async def move(self, text: str) -> str:
        """A move typed in Chinese notation, WXF or ICCS (dark chess: b3, b3-b4), as the number
        of moves the reader saw."""
        return await self.act({"action": "move", "move": text.strip(), "ply": self.state.get("ply", 0)})
