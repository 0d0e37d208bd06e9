"""The game room's pages under /room/ (mounted by config/urls.py): friendly games outside the war."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from room import views

urlpatterns = [
    path("room/", views.room_page, name="room"),
    path("room/seeks/", views.room_seeks, name="room-seeks"),
    path("room/seeks/new/", views.seek_new, name="room-seek-new"),
    path("room/seeks/<id:seek_id>/accept/", views.seek_accept_view, name="room-seek-accept"),
    path("room/seeks/<id:seek_id>/withdraw/", views.seek_withdraw_view, name="room-seek-withdraw"),
    path("room/challenge/", views.challenge_new, name="room-challenge"),
    path("room/computer/", views.computer_new, name="room-computer"),
    path(
        "room/challenges/<id:game_id>/accept/",
        views.challenge_answer,
        {"answer": "accept"},
        name="room-challenge-accept",
    ),
    path(
        "room/challenges/<id:game_id>/decline/",
        views.challenge_answer,
        {"answer": "decline"},
        name="room-challenge-decline",
    ),
    path(
        "room/challenges/<id:game_id>/withdraw/",
        views.challenge_answer,
        {"answer": "withdraw"},
        name="room-challenge-withdraw",
    ),
    path(
        "room/board-challenges/<id:game_id>/accept/",
        views.board_challenge_answer,
        {"answer": "accept"},
        name="room-board-challenge-accept",
    ),
    path(
        "room/board-challenges/<id:game_id>/decline/",
        views.board_challenge_answer,
        {"answer": "decline"},
        name="room-board-challenge-decline",
    ),
    path(
        "room/board-challenges/<id:game_id>/withdraw/",
        views.board_challenge_answer,
        {"answer": "withdraw"},
        name="room-board-challenge-withdraw",
    ),
]
