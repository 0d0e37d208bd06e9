"""Each committed change of a hero tactics game told on the channel layer, to the game's group
`tactics.<id>`: its id and version only, since what a reader may see depends on who reads (an
opponent's picks stay secret until both are in, T2.3): each page or terminal following it reads
its own view again (tactics/selectors.py). Plugged into the services' `watchers` at start."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from tactics.services import common

log = logging.getLogger(__name__)


def group(game_id: int) -> str:
    return f"tactics.{game_id}"


def changed(game_id: int, version: int) -> None:
    """Best effort: the change stands whatever happens here; a follower that missed it reads the
    game again when it reconnects."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            group(game_id), {"type": "tactics.changed", "game": game_id, "version": version}
        )
    except Exception:
        log.exception("could not tell the followers of hero tactics game %s", game_id)


def register() -> None:
    if changed not in common.watchers:
        common.watchers.append(changed)
