"""The site's ASGI application (config/asgi.py) with one more websocket route for the live
benchmark's baseline: a bare Channels consumer that relays each frame to its group through the
same Redis channel layer, with no database, no judge and no rendering (bench/live.py)."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()  # before the imports below, whatever order they are sorted in

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from config.asgi import application as site  # noqa: E402
from config.socket_guard import websocket_stack  # noqa: E402
from live.routing import websocket_urlpatterns  # noqa: E402


class Relay(AsyncWebsocketConsumer):
    async def connect(self):
        self.group = f"echo.{self.scope['url_route']['kwargs']['n']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(self.group, {"type": "relay", "text": text_data})

    async def relay(self, event):
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter(
    {
        "http": site.application_mapping["http"],
        # The site's own middleware (origin check, session, user, cap) in front of both routes.
        "websocket": websocket_stack(URLRouter([path("ws/echo/<int:n>/", Relay.as_asgi()), *websocket_urlpatterns])),
    }
)
