"""The game room through the API (the same services and refusals as the pages: T2.3, T2.6) and a
new seek's arrival on an open room page's socket (group `room` on the real Redis)."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing.websocket import WebsocketCommunicator  # (channels.testing imports daphne)
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.services import token_create
from config.asgi import application
from room.models import Seek
from room.services.seeks import seek_open


def api_player(name: str):
    user = get_user_model().objects.create_user(name, f"{name}@example.com", "a-long-password-2026")
    token = token_create(user=user, name="bot", scope="act")[1]

    def call(path: str, body: dict | None = None):
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
        if body is None and path.endswith("seeks"):
            return Client().get(f"/api/v1/room/{path}", **headers)
        return Client().post(f"/api/v1/room/{path}", json.dumps(body or {}), content_type="application/json", **headers)

    return user, call


@pytest.mark.django_db
def test_t2_6_the_api_lists_opens_and_accepts_seeks_with_the_pages_refusals():
    owner, as_owner = api_player("liubei")
    taker, as_taker = api_player("caocao")
    opened = as_owner("seeks", {"kind": "tactics", "side": "second", "settings": {"round_limit": 9}})
    assert opened.status_code == 200, opened.json()
    seek = opened.json()
    assert (seek["owner"], seek["side"], seek["settings"], seek["status"]) == (
        "liubei",
        "second",
        {"round_limit": 9},
        "open",
    )
    assert [found["id"] for found in as_taker("seeks").json()] == [seek["id"]]
    own = as_owner(f"seeks/{seek['id']}/accept")
    assert own.status_code == 403 and own.json()["clause"] == "T2.6"
    accepted = as_taker(f"seeks/{seek['id']}/accept").json()
    assert accepted["status"] == "accepted" and accepted["game"] is not None
    assert as_taker("seeks").json() == []
    twice = as_taker(f"seeks/{seek['id']}/accept")
    assert twice.status_code == 400 and twice.json()["clause"] == "T2.3"
    assert as_owner("seeks/999999/withdraw").status_code == 404


@pytest.mark.django_db
def test_t2_6_the_api_challenges_a_named_player():
    _challenger, as_challenger = api_player("liubei")
    api_player("caocao")
    game = as_challenger("challenge", {"opponent": "caocao", "settings": {}})
    assert game.status_code == 200 and game.json()["status"] == "challenged"
    itself = as_challenger("challenge", {"opponent": "liubei", "settings": {}})
    assert itself.status_code == 400 and itself.json()["clause"] == "T2.6"


@pytest.mark.django_db(transaction=True)
def test_a_new_seek_arrives_on_every_open_room_page():
    owner = get_user_model().objects.create_user("liubei", "liubei@example.com", "a-long-password-2026")
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost")]

    async def scenario():
        pages = [WebsocketCommunicator(application, "/ws/room/", headers=headers) for _ in range(3)]
        for page in pages:
            assert (await page.connect())[0]
        assert await pages[0].receive_nothing(timeout=0.5)
        seek = await sync_to_async(seek_open)(user=owner, settings={})
        for page in pages:
            assert json.loads(await page.receive_from(timeout=5)) == {"type": "changed", "seek": seek.pk}
            await page.disconnect()
        return seek

    from asgiref.sync import async_to_sync

    seek = async_to_sync(scenario)()
    assert Seek.objects.get().pk == seek.pk
    fragment = Client().get("/room/seeks/").content.decode()
    assert f'data-seek="{seek.pk}"' in fragment
