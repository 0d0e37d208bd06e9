"""After a live game changed (and the change is committed), tell everyone watching it: one
message on the channel layer (Redis) to the game's group; each watcher's consumer then reads
the state and sends it (battles/consumers.py). Registered in BattlesConfig.ready."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def game_changed(game_id: int) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(f"game.{game_id}", {"type": "game.changed"})
