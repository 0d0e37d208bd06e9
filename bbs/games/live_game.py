"""A live game followed and played from a terminal, independent of how it is drawn: it joins the
game's group on the channel layer (the group every watcher's socket joins), reads the game again
whenever the group says that it changed (the watchers' state, `live_state`, in the session's
language), counts the running clock down between states, and sends the player's actions
through the same function as the game's socket (battles/live_acts.py: the live services, their
clocks and refusals). A refusal's text is the service's, in the session's language."""

import asyncio
import time
from collections.abc import Callable

from channels.layers import get_channel_layer

from battles import fanout
from battles.consumers import group_of
from battles.live_acts import live_act
from bbs.games.layout import shown
from bbs.games.reading import LiveView, live_view, reader_officer
from campaign.models import Campaign


class LiveGame:
    def __init__(self, ctx, *, campaign: Campaign, game_id: int, changed: Callable[[], None] = lambda: None):
        self.ctx, self.campaign, self.game_id, self.changed = ctx, campaign, game_id, changed
        self.view: LiveView | None = None
        self.read_at = 0.0  # time.monotonic() when the state was read
        self.officer = None
        self.channel = ""
        self.tasks: list[asyncio.Task] = []
        self.stale = asyncio.Event()

    async def start(self) -> None:
        """Who the reader is, the group joined before the first reading (no change is missed)."""
        fanout.serve_on(asyncio.get_running_loop())  # as a socket does: the changes sent from this loop
        self.officer = await self.ctx.db(reader_officer, campaign=self.campaign, user=self.ctx.user)
        layer = get_channel_layer()
        if layer is not None:
            self.channel = await layer.new_channel("bbs.game.")
            await layer.group_add(group_of(self.game_id), self.channel)
            loop = asyncio.get_running_loop()
            self.tasks = [loop.create_task(self._listen(layer)), loop.create_task(self._reread())]
        await self.refresh()

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        layer = get_channel_layer()
        if layer is not None and self.channel:
            await layer.group_discard(group_of(self.game_id), self.channel)

    async def _listen(self, layer) -> None:
        while True:
            await layer.receive(self.channel)  # the game changed (whatever the message carries)
            self.stale.set()

    async def _reread(self) -> None:
        """One reading at a time; changes that come meanwhile are read together next."""
        while True:
            await self.stale.wait()
            self.stale.clear()
            await self.refresh()

    async def refresh(self) -> None:
        user_id = getattr(self.ctx.user, "pk", None)
        self.view = await self.ctx.db(live_view, game_id=self.game_id, user_id=user_id)
        self.read_at = time.monotonic()
        self.changed()

    @property
    def state(self) -> dict:
        return self.view.state if self.view is not None else {}

    @property
    def side(self) -> str | None:
        """attacker / defender: the side the reader plays (None: a spectator)."""
        return self.state.get("you")

    def clocks(self, now: float | None = None) -> dict[str, int | None]:
        """Each side's milliseconds left as of `now` (time.monotonic()): the side to move's runs
        down from the reading (no clock before the game goes live)."""
        clocks = self.state.get("clocks") or {}
        elapsed = int(((time.monotonic() if now is None else now) - self.read_at) * 1000)
        running = self.state.get("to_move")
        return {
            side: None if side not in clocks else max(0, clocks[side] - (elapsed if side == running else 0))
            for side in ("attacker", "defender")
        }

    def ticking(self) -> bool:
        return self.state.get("to_move") is not None and bool(self.state.get("clocks"))

    async def act(self, frame: dict) -> str:
        """The action through the live services; the refusal's text (also on the status line),
        or "" when it was done (the change then comes back through the group)."""
        refusal = await self.ctx.db(live_act, officer=self.officer, game_id=self.game_id, frame=frame)
        self.ctx.status(shown(refusal))  # it may quote what was typed
        return refusal

    async def move(self, text: str) -> str:
        """A move typed in Chinese notation, WXF or ICCS, as the number of moves the reader saw."""
        return await self.act({"action": "move", "move": text.strip(), "ply": self.state.get("ply", 0)})

    async def resign(self) -> str:
        return await self.act({"action": "resign"})

    async def draw(self, *, offer: bool = True) -> str:
        """Offer a draw, or accept the opponent's offer; `offer=False` declines or withdraws."""
        return await self.act({"action": "draw", "offer": offer})

    async def claim(self) -> str:
        return await self.act({"action": "claim"})

    async def ready(self) -> str:
        return await self.act({"action": "ready"})
