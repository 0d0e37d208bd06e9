"""Websocket routes: a live game's page connects here; every page of an officer listens for
their notices; an open dashboard is sent its changes; a hero tactics game's page
follows and plays its game (tactics/consumers.py); an open game room is told its seeks
changed, an open friendly game's page that its game changed (friendly/consumers.py). Any other
address is refused (4404) rather than failing in the router (a 500 and a traceback)."""

from django.urls import path, re_path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from campaign.sockets import UnknownSocket
from delivery.consumers import NoticeConsumer
from friendly.consumers import FriendlyConsumer
from live.consumers import BanqiConsumer, DashboardConsumer, GameConsumer
from room.consumers import RoomConsumer
from tactics.consumers import TacticsConsumer

websocket_urlpatterns = [
    path("ws/c/<slug:slug>/games/<id:game_id>/", GameConsumer.as_asgi()),
    path("ws/c/<slug:slug>/banqi/<id:game_id>/", BanqiConsumer.as_asgi()),
    path("ws/c/<slug:slug>/notices/", NoticeConsumer.as_asgi()),
    path("ws/c/<slug:slug>/dashboard/", DashboardConsumer.as_asgi()),
    path("ws/tactics/<id:game_id>/", TacticsConsumer.as_asgi()),  # no campaign: a game between two accounts
    path("ws/room/", RoomConsumer.as_asgi()),  # an open game room page: its seeks changed
    path("ws/room/games/<id:game_id>/", FriendlyConsumer.as_asgi()),  # a friendly game's page: it changed
    re_path(r"", UnknownSocket.as_asgi()),  # last
]
