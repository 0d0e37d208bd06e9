"""The socket of an open room page: told of each seek opened, accepted or withdrawn (group
`room`), it sends the page {"type": "changed"} and the page fetches its seeks again. The page
never sends on it (a frame closes it: campaign/sockets.py `ListenOnly`)."""

import json

from campaign.sockets import ListenOnly
from room.fanout import GROUP


class RoomConsumer(ListenOnly):
    async def connect(self):
        await self.channel_layer.group_add(GROUP, self.channel_name)
        self.joined = True
        await self.accept()

    async def disconnect(self, code):
        if getattr(self, "joined", False):
            await self.channel_layer.group_discard(GROUP, self.channel_name)

    async def room_changed(self, event):
        await self.send(text_data=json.dumps({"type": "changed", "seek": event["seek"]}))
