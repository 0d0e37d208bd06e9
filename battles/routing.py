"""Websocket routes (issue 10): a live game's page connects here."""

from django.urls import path

from battles.consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/c/<slug:slug>/games/<int:game_id>/", GameConsumer.as_asgi()),
]
