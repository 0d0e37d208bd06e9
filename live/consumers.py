"""The websocket of a live game: everyone who may read the game watches it; its two
players send moves, resignations, draw offers and "ready". Every action goes through the
services (play/services/live.py) and is refused there or here with a message in the reader's
language, changing nothing; after each change every watcher is sent the new state (the fan-out
of live/fanout.py, on the channel layer). An open dashboard's socket is sent the rows that
changed (live/dashboard_push.py reads them). The sockets' shared part is campaign/sockets.py, an
officer's notices delivery/consumers.py."""

import asyncio
import json
import logging
from urllib.parse import parse_qs

from django.utils import translation
from django.utils.translation import gettext as _

from battles.models import BanqiGame
from campaign.inputs import TIME_ZONE_COOKIE, query_number
from campaign.models import Campaign, Officer
from campaign.sockets import (
    CLOSE_FAILED,
    CLOSE_UNKNOWN,
    MAX_FRAME,
    ListenOnly,
    LiveConsumer,
    database_sync_to_async,
    reader_language,
)
from live import fanout
from live.dashboard_push import UPDATED, Reading, read, watcher
from play.live_acts import live_act
from play.models import Game
from play.selectors.live import live_state, watcher_state

log = logging.getLogger(__name__)

ACTIONS = ("move", "resign", "draw", "ready", "claim", "state")  # state: send me the whole state


def group_of(game_id: int) -> str:
    return f"game.{game_id}"


class GameConsumer(LiveConsumer):
    side: str | None = None  # which side the reader plays (None: a spectator)
    seen = 0  # how many moves this reader has been sent

    async def connect(self):
        fanout.serve_on(asyncio.get_running_loop())
        kwargs = self.scope["url_route"]["kwargs"]
        self.game_id = int(kwargs["game_id"])
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        self.language = reader_language(self.scope)
        found, self.officer = await self._reader(kwargs["slug"])
        if not found:
            await self.close(code=CLOSE_UNKNOWN)
            return
        self.joined = True
        await self.channel_layer.group_add(group_of(self.game_id), self.channel_name)
        await self.accept()
        await self._send_state()

    async def disconnect(self, code):
        if hasattr(self, "joined"):
            await self.channel_layer.group_discard(group_of(self.game_id), self.channel_name)

    @database_sync_to_async
    def _reader(self, slug: str) -> tuple[bool, Officer | None]:
        """Whether the game is in this campaign, and the reader's officer in it (None for a
        visitor): who the reader is does not change while the page is open."""
        campaign_id = Game.objects.filter(pk=self.game_id, campaign__slug=slug).values_list("campaign_id", flat=True)
        found = campaign_id.first()
        if found is None or self.user_id is None:
            return found is not None, None
        return True, Officer.objects.filter(user_id=self.user_id, campaign_id=found).first()

    async def receive(self, text_data=None, bytes_data=None):
        with translation.override(self.language):
            if text_data is None or len(text_data) > MAX_FRAME:
                await self._refuse(_("A frame is a short text message."))
                return
            try:
                frame = json.loads(text_data)
            except ValueError:
                await self._refuse(_("The message cannot be read."))
                return
            if not isinstance(frame, dict) or frame.get("action") not in ACTIONS:
                await self._refuse(_("Unknown action."))
                return
        if frame["action"] == "state":  # a page that missed moves asks for them all (anyone may)
            await self._send_state()
            return
        message = await self._act(frame)
        if message:
            await self._refuse(message)

    @database_sync_to_async
    def _act(self, frame: dict) -> str:
        """Run the action through the services; the refusal's text, or "" when it was done."""
        with translation.override(self.language):
            return live_act(officer=self.officer, game_id=self.game_id, frame=frame)

    async def _refuse(self, message: str) -> None:
        await self.send(text_data=json.dumps({"type": "refused", "message": message}, ensure_ascii=False))

    async def game_state(self, event):
        """The change the fan-out drew once for everyone, with this reader's side and only the
        moves this reader has not been sent; the whole state again if it missed some."""
        state = watcher_state(event["state"], language=self.language, side=self.side, seen=self.seen)
        if state is None:
            await self._send_state()
        elif state:
            self.seen = state["ply"]
            await self.send(text_data=json.dumps(state, ensure_ascii=False))

    async def _send_state(self) -> None:
        """The whole state (on connecting, or when the page asks after a gap)."""
        state = await database_sync_to_async(live_state)(
            game_id=self.game_id, user_id=self.user_id, language=self.language
        )
        self.side, self.seen = state["you"], state["ply"]
        await self.send(text_data=json.dumps(state, ensure_ascii=False))


class BanqiConsumer(ListenOnly):
    """A dark-chess page listens here and fetches its board again when told that the game
    changed. Actions go through the page's form, which refuses them as R11.7 says; the page never
    sends on this socket, so a frame closes it (4400)."""

    async def connect(self):
        fanout.serve_on(asyncio.get_running_loop())
        kwargs = self.scope["url_route"]["kwargs"]
        self.group = f"banqi.{int(kwargs['game_id'])}"
        if not await self._exists(kwargs["slug"], int(kwargs["game_id"])):
            await self.close(code=CLOSE_UNKNOWN)
            return
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    @database_sync_to_async
    def _exists(self, slug: str, game_id: int) -> bool:
        return BanqiGame.objects.filter(pk=game_id, campaign__slug=slug).exists()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def banqi_changed(self, event):
        await self.send(text_data=json.dumps({"type": "changed"}))


class DashboardConsumer(ListenOnly):
    """One open dashboard: anyone who may read the dashboard (it is public) may listen. It only
    listens: a frame sent to it closes it."""

    async def connect(self):
        given = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        query = {name: values[0] for name, values in given.items()}  # each parameter's first value
        self.kingdom_id, self.page = query_number(query.get("kingdom")), query_number(query.get("page")) or 1
        self.held = query.get("v", "")  # the version the page was drawn at
        self.language = reader_language(self.scope)
        self.zone = self.scope.get("cookies", {}).get(TIME_ZONE_COOKIE, "")
        self.campaign = await self._campaign(self.scope["url_route"]["kwargs"]["slug"])
        if self.campaign is None:
            await self.close(code=CLOSE_UNKNOWN)
            return
        await self.accept()
        self.sent: Reading | None = None
        self.woken = asyncio.Event()
        self.woken.set()  # the first reading: the page's own, or newer
        self.pushing = asyncio.get_running_loop().create_task(self._push())
        watcher().add(self)

    @database_sync_to_async
    def _campaign(self, slug: str) -> Campaign | None:
        return Campaign.objects.filter(slug=slug).first()

    async def disconnect(self, code):
        if hasattr(self, "pushing"):
            watcher().dashboards.discard(self)
            self.pushing.cancel()

    def wake(self) -> None:
        self.woken.set()

    async def _push(self) -> None:
        """One reading at a time; changes that come meanwhile are read together next."""
        while True:
            await self.woken.wait()
            self.woken.clear()
            try:
                reading = await database_sync_to_async(read)(
                    self.campaign, self.kingdom_id, self.page, self.language, self.zone
                )
            except Exception:  # the page falls back to its refresh, and reconnects
                log.exception("dashboard reading failed")
                await self.close(code=CLOSE_FAILED)
                return
            previous, self.sent = self.sent, reading
            if previous is None and reading.version == self.held and reading.settled:
                continue  # what the page shows
            if previous is None or previous.cities != reading.cities:
                section = await database_sync_to_async(reading.section)()
                await self.send(text_data=json.dumps({"type": "section", "html": section}, ensure_ascii=False))
                continue
            changed = [html for key, html in reading.parts.items() if key != UPDATED and previous.parts[key] != html]
            if changed:
                html = "".join(changed) + reading.parts[UPDATED]
                await self.send(text_data=json.dumps({"type": "parts", "html": html}, ensure_ascii=False))
