"""The site's websockets, what every one of them shares: the flood limit (a socket closes when
more than FLOOD_FRAMES frames come within FLOOD_SECONDS), the site's close codes, a database
connection kept for them all (campaign/kept_connection.py), the reader's language. The consumers
are their apps': the live games and the dashboard (live/consumers.py), an officer's notices
(delivery/consumers.py); live/routing.py routes them."""

import time
from collections import deque

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from campaign.kept_connection import KeptConnection

MAX_FRAME = 2_000  # characters: a move frame is under 100
FLOOD_FRAMES = 20  # more frames than this within FLOOD_SECONDS closes any of the site's sockets
FLOOD_SECONDS = 10
# The site's close codes (config/socket_guard.py has those given at connect: 4403, 4429).
CLOSE_FLOOD = 4008  # more than FLOOD_FRAMES frames within FLOOD_SECONDS
CLOSE_UNEXPECTED = 4400  # a frame sent to a socket that only listens (the dashboard, notices)
CLOSE_UNKNOWN = 4404  # no such address, campaign or game (or not an officer of it, for notices)
CLOSE_FAILED = 1011  # a dashboard's reading failed: its page falls back to its refresh


database_sync_to_async = KeptConnection


def reader_language(scope) -> str:
    """The language the reader chose (the language menu's cookie), else the site's."""
    chosen = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    return chosen if chosen in {code for code, _name in settings.LANGUAGES} else settings.LANGUAGE_CODE


class LiveConsumer(AsyncWebsocketConsumer):
    """The site's sockets. Every one closes (4008) when more than `flood_frames` frames (FLOOD_FRAMES
    unless its class says more) come within FLOOD_SECONDS, before the frame is read; once closed,
    nothing more is read or sent.

    Channels closes the database connections before every message, in the one thread that
    every consumer of the process shares: a state to pass on would queue there behind another
    game's move. These consumers' database calls (KeptConnection) tidy up after themselves."""

    flood_frames = FLOOD_FRAMES  # a socket whose page sends more (a hero tactics game's) raises it

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.closed = False
        self.frames: deque[float] = deque()  # the instants of the frames of the last FLOOD_SECONDS

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def websocket_receive(self, message):
        if self.closed:
            return
        now = time.monotonic()
        self.frames.append(now)
        while self.frames and now - self.frames[0] > FLOOD_SECONDS:
            self.frames.popleft()
        if len(self.frames) > self.flood_frames:
            await self.close(code=CLOSE_FLOOD)
            return
        await super().websocket_receive(message)

    async def websocket_disconnect(self, message):
        """As Channels' own, without closing the database connections afterwards: that is the
        connection every socket of the process shares (KeptConnection), and each socket that
        left (a flooder closed, a spectator gone) made the next one open it again."""
        await self.disconnect(message["code"])
        raise StopConsumer()

    async def send(self, text_data=None, bytes_data=None, close=False):
        if not self.closed:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

    async def close(self, code=None, reason=None):
        if not self.closed:
            self.closed = True
            await super().close(code=code, reason=reason)


class ListenOnly(LiveConsumer):
    """A socket that only brings news (the dashboard, notices): the page never sends on it, so
    the first frame that comes closes it (4400) without an answer."""

    async def receive(self, text_data=None, bytes_data=None):
        await self.close(code=CLOSE_UNEXPECTED)


class UnknownSocket(AsyncWebsocketConsumer):
    """A websocket address the site does not serve: refused before it opens."""

    async def connect(self):
        await self.close(code=CLOSE_UNKNOWN)
