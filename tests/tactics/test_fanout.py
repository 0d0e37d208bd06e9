"""Each change of a hero tactics game is told on the channel layer (the real Redis) to the game's
group, with its version only: a follower reads its own view again (T2.3: what it may see)."""

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from tactics.fanout import group
from tests.tactics.bots import Player, set_up


@pytest.mark.django_db
def test_t2_3_each_change_is_told_to_the_games_group_without_its_secrets(django_capture_on_commit_callbacks):
    first, second = Player("liubei"), Player("caocao")
    with django_capture_on_commit_callbacks(execute=True):
        start = set_up(first, second)
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(group(start["id"]), channel)
    turn = {"act": "turn", "side": "first", "hero": "呂布"}
    with django_capture_on_commit_callbacks(execute=True):
        first.ok(f"games/{start['id']}/act", {"action": turn, "version": start["version"]})
    message = async_to_sync(layer.receive)(channel)
    assert message == {"type": "tactics.changed", "game": start["id"], "version": start["version"] + 1}
