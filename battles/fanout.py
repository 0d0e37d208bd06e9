"""After a live game changed (and the change is committed), tell everyone watching it: the new
state, read and drawn once (in each of the site's languages), in one message on the channel
layer (Redis) to the game's group; each watcher's consumer adds whose side its reader plays and
sends it on (battles/consumers.py). Registered in BattlesConfig.ready."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from battles.views.live import live_states

log = logging.getLogger(__name__)


def changed(kind: str, pk: int) -> None:
    """Best effort: the move is committed whatever happens here; a watcher who missed a state
    (Redis down) gets the server's state again when its page reconnects. A battle game's state
    is sent whole; a dark-chess page is told to fetch its board again."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        if kind == "game":
            message = {"type": "game.state", "states": live_states(game_id=pk)}
        else:
            message = {"type": "banqi.changed"}
        async_to_sync(layer.group_send)(f"{kind}.{pk}", message)
    except Exception:
        log.exception("could not tell the watchers of %s %s", kind, pk)
