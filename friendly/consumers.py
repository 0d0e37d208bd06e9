"""The socket of a friendly game's page (`ws/room/games/<id>/`): anyone may follow a game (the
page is public). Told of each change (group `friendly.<id>`), it sends {"type": "changed"} and
the page fetches its board again; moves, resignations and draws go through the page's forms
(CSRF), so the page never sends on it (a frame closes it: campaign/sockets.py `ListenOnly`)."""

import json

from campaign.sockets import CLOSE_UNKNOWN, ListenOnly, database_sync_to_async
from friendly.fanout import group
from friendly.models import FriendlyGame


class FriendlyConsumer(ListenOnly):
    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        if not await database_sync_to_async(FriendlyGame.objects.filter(pk=self.game_id).exists)():
            await self.close(code=CLOSE_UNKNOWN)
            return
        self.joined = True
        await self.channel_layer.group_add(group(self.game_id), self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if getattr(self, "joined", False):
            await self.channel_layer.group_discard(group(self.game_id), self.channel_name)

    async def friendly_changed(self, event):
        await self.send(text_data=json.dumps({"type": "changed"}))
