"""After a live game changed (and the change is committed), tell everyone watching it: the new
state, read and drawn once (in each of the site's languages), in one message on the channel
layer (Redis) to the game's group; each watcher's consumer adds whose side its reader plays and
sends it on (live/consumers.py). Registered in battles/registry.py.

In the web server, the state is read in the thread that made the change and handed to the
server's event loop to send (`serve_on`): that thread, which every consumer of the process shares
for its database work, goes on to the next move instead of waiting for Redis. The messages of one
game leave in the order of its changes. Elsewhere (a Celery worker's flag fall, a test) the
message is sent before `changed` returns."""

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from play.selectors.live import live_states

log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None
_sending: dict[str, asyncio.Task] = {}  # per group, the send under way (touched in the loop only)


def serve_on(loop: asyncio.AbstractEventLoop) -> None:
    """The web server's event loop (a consumer tells it when a watcher connects)."""
    global _loop
    _loop = loop


def changed(kind: str, pk: int, committed: object = None) -> None:
    """Best effort: the move is committed whatever happens here; a watcher who missed a state
    (Redis down) gets the server's state again when its page reconnects. A battle game's state
    is sent whole; a dark-chess page is told to fetch its board again."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        if kind == "game":
            message = {"type": "game.state", "state": live_states(game_id=pk, game=committed)}
        else:
            message = {"type": "banqi.changed"}
        group = f"{kind}.{pk}"
        loop = _loop
        if loop is not None and loop.is_running() and not _on(loop):
            asyncio.run_coroutine_threadsafe(_send_in_order(layer, group, message), loop)
        else:
            async_to_sync(layer.group_send)(group, message)
    except Exception:
        log.exception("could not tell the watchers of %s %s", kind, pk)


def _on(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


async def _send_in_order(layer, group: str, message: dict) -> None:
    """Coroutines handed over from one thread start in the order they were handed over; each
    waits for the previous send to its group, so a later state never overtakes an earlier one."""
    previous, current = _sending.get(group), asyncio.current_task()
    assert current is not None
    _sending[group] = current
    try:
        if previous is not None and not previous.done():
            await asyncio.wait([previous])
        await layer.group_send(group, message)
    except Exception:
        log.exception("could not tell the watchers of %s", group)
    finally:
        if _sending.get(group) is current:
            del _sending[group]
