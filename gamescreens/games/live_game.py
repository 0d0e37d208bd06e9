"""A live game followed and played from a terminal, independent of how it is drawn: it joins the
game's group on the channel layer (the group every watcher's socket joins), reads the game again
whenever the group says that it changed (the watchers' state, `live_state`, in the session's
language), counts the running clock down between states, and sends the player's actions
through the same function as the game's socket (play/live_acts.py: the live services, their
clocks and refusals). A refusal's text is the service's, in the session's language."""

import asyncio
import time
from collections.abc import Callable
from dataclasses import replace

from channels.layers import get_channel_layer

from campaign.models import Campaign
from games.pgn import move_pairs
from gamescreens.games.layout import shown
from gamescreens.games.reading import LiveView, live_board, live_view, reader_officer
from live import fanout
from live.consumers import group_of
from play.live_acts import live_act
from play.selectors.live import watcher_state


class LiveGame:
    def __init__(self, ctx, *, campaign: Campaign, game_id: int, changed: Callable[[], None] = lambda: None):
        self.ctx, self.campaign, self.game_id, self.changed = ctx, campaign, game_id, changed
        self.view: LiveView | None = None
        self.read_at = 0.0  # time.monotonic() when the state was read
        self.officer = None
        self.channel = ""
        self.tasks: list[asyncio.Task] = []
        self.stale = asyncio.Event()
        self.pending: list[dict] = []  # the group's messages not yet taken in
        self.written: list[str] = []  # every move in the reader's notation, as the state's pairs hold them

    async def start(self) -> None:
        """Who the reader is, the group joined before the first reading (no change is missed)."""
        fanout.serve_on(asyncio.get_running_loop())  # as a socket does: the changes sent from this loop
        self.officer = await self.ctx.db(reader_officer, campaign=self.campaign, user=self.ctx.user)
        layer = get_channel_layer()
        if layer is not None:
            # the layer's one process-wide channel ("specific."), as every receiver of this process:
            # channels_redis pops one such channel at a time under one lock, so a receiver of
            # another prefix waited until the session's notices let go of it (a second or never)
            self.channel = await layer.new_channel()
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
            message = await layer.receive(self.channel)  # (before `self.pending` is looked up: it is replaced)
            self.pending.append(message)
            self.stale.set()

    async def _reread(self) -> None:
        """The group's changes in their order, taken as the game's page takes them
        (`watcher_state`: the state and only the moves not yet seen), then the board read once
        for those that came together; after a gap (a change that does not carry every move
        missed) the whole state is read again."""
        while True:
            await self.stale.wait()
            self.stale.clear()
            messages, self.pending = self.pending, []
            state = self._taken(messages)
            if state is None:
                await self.refresh()
            elif state is not self.state and self.view is not None:
                drawn, last = await self.ctx.db(live_board, game_id=self.game_id)
                self.view = replace(self.view, state=state, placement=drawn, last=last)
                self.read_at = time.monotonic()
                self.changed()

    def _taken(self, messages: list[dict]) -> dict | None:
        """The state after the changes (the same one when none was new), or None after a gap."""
        state = self.state
        for message in messages:
            states = message.get("state")
            if not isinstance(states, dict) or not state:
                return None
            update = watcher_state(states, language=self.ctx.language, side=self.side, seen=state.get("ply", 0))
            if update is None:
                return None
            if update:
                self.written = self.written[: update.pop("moves_from")] + [
                    move for _ply, move in update.pop("moves_new")
                ]
                state = {**update, "moves": move_pairs(self.written)}
        return state

    async def refresh(self) -> None:
        """The whole state read (on opening, and after a gap)."""
        user_id = getattr(self.ctx.user, "pk", None)
        self.view = await self.ctx.db(live_view, game_id=self.game_id, user_id=user_id)
        self.written = [move for pair in self.view.state.get("moves", []) for _ply, move in pair["moves"]]
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
