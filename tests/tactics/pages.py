"""What the hero tactics page's and socket's tests share: accounts, a game set up through the
services to its first action (tests/tactics/bots.py's picks and cells), a socket as a browser's page
opens it."""

import json

from channels.testing.websocket import WebsocketCommunicator  # (channels.testing imports daphne)
from django.contrib.auth import get_user_model
from django.test import Client

from config.asgi import application
from tactics.models import TacticsGame
from tactics.services.challenges import tactics_accept, tactics_challenge
from tactics.services.setup import tactics_deploy, tactics_pick
from tests.tactics.bots import CELLS, SIDES_PICKS


def accounts(*names):
    return [get_user_model().objects.create_user(n, f"{n}@example.com", "a-long-password-2026") for n in names]


def session(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def socket(game_id: int, user=None, language: str = "en") -> WebsocketCommunicator:
    cookies = [f"django_language={language}"] + ([f"sessionid={session(user)}"] if user else [])
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", "; ".join(cookies).encode())]
    return WebsocketCommunicator(application, f"/ws/tactics/{game_id}/", headers=headers)


async def opened(communicator) -> dict:
    connected, _code = await communicator.connect()
    assert connected
    message = json.loads(await communicator.receive_from(timeout=5))
    assert message["type"] == "view"
    return message


async def next_message(communicator) -> dict:
    return json.loads(await communicator.receive_from(timeout=5))


def playing(first, second) -> TacticsGame:
    game = tactics_challenge(user=first, opponent_name=second.username, settings={})
    tactics_accept(user=second, game_id=game.pk)
    for side, user in (("first", first), ("second", second)):
        tactics_pick(user=user, game_id=game.pk, picks={"heroes": SIDES_PICKS[side]})
    for side, user in (("first", first), ("second", second)):
        names = [p["hero"] for p in SIDES_PICKS[side]]
        tactics_deploy(user=user, game_id=game.pk, cells=dict(zip(names, CELLS[side], strict=True)))
    return TacticsGame.objects.get(pk=game.pk)
