"""Websocket routes (issue 10): a live game's page connects here."""

from django.urls import path

from battles.consumers import BanqiConsumer, GameConsumer

websocket_urlpatterns = [
    path("ws/c/<slug:slug>/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/c/<slug:slug>/banqi/<int:game_id>/", BanqiConsumer.as_asgi()),
]
