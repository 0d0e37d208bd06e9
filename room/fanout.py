"""A seek opened, accepted or withdrawn told on the channel layer to the group `room`: every open
room page (room/consumers.py) fetches its list of seeks again. Plugged into the seeks' service's
`watchers` when the app is ready."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from room.services import seeks

log = logging.getLogger(__name__)

GROUP = "room"


def changed(seek_id: int) -> None:
    """Best effort: the seek stands whatever happens here; a page that missed it reads the room
    again when it reconnects."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(GROUP, {"type": "room.changed", "seek": seek_id})
    except Exception:
        log.exception("could not tell the room of seek %s", seek_id)


def register() -> None:
    if changed not in seeks.watchers:
        seeks.watchers.append(changed)
