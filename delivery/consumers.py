"""An officer's notices on every page of theirs: the socket that listens for them (delivered by
delivery/services/deliver.py to the officer's group on the channel layer)."""

import json

from campaign.models import Officer
from campaign.services.notices import officer_group
from campaign.sockets import CLOSE_UNKNOWN, ListenOnly, database_sync_to_async, reader_language


class NoticeConsumer(ListenOnly):
    """Every page of an officer listens here for their notices: a new duty in the
    reader's language, and their count whenever it changes. It only listens: a frame sent to it
    closes it."""

    NOTICE_FIELDS = ("kind", "count", "keys", "gone", "key", "path", "deadline", "letters")

    async def connect(self):
        user = self.scope.get("user")
        officer_id = None
        if user is not None and user.is_authenticated:
            officer_id = await self._officer(self.scope["url_route"]["kwargs"]["slug"], user.pk)
        if officer_id is None:
            await self.close(code=CLOSE_UNKNOWN)
            return
        self.language = reader_language(self.scope)
        self.group = officer_group(officer_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    @database_sync_to_async
    def _officer(self, slug: str, user_id: int) -> int | None:
        return Officer.objects.filter(campaign__slug=slug, user_id=user_id).values_list("pk", flat=True).first()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def duties_notice(self, event):
        out = {"type": event["kind"], **{k: event[k] for k in self.NOTICE_FIELDS[1:] if k in event}}
        if "text" in event:
            out["text"] = event["text"].get(self.language) or next(iter(event["text"].values()))
        await self.send(text_data=json.dumps(out, ensure_ascii=False))
