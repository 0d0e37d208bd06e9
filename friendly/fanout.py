"""Each committed change of a friendly game told on the channel layer, to the game's group
`friendly.<id>`: every open page of the game (friendly/consumers.py) then fetches its board
again. Plugged into the services' `watchers` when the app is ready."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from friendly.services import common

log = logging.getLogger(__name__)


def group(game_id: int) -> str:
    return f"friendly.{game_id}"


def changed(game_id: int) -> None:
    """Best effort: the change stands whatever happens here; a page that missed it reads the
    game again when its socket reopens (and every half minute)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group(game_id), {"type": "friendly.changed", "game": game_id})
    except Exception:
        log.exception("could not tell the followers of friendly game %s", game_id)


def register() -> None:
    if changed not in common.watchers:
        common.watchers.append(changed)
