"""Friendly board games through the API (api/friendly.py, api/room.py): a seek for dark chess
opened and accepted, a named account challenged to chess, the challenge accepted, the moves
played in turn to fool's mate and read back; the refusals are the pages' (R11.1, R11.3, T2.6)."""

import json

import pytest
from django.test import Client

from accounts.services import token_create
from friendly.models import FriendlyGame
from tests.friendly.helpers import account

pytestmark = pytest.mark.django_db


def api_player(name: str):
    user = account(name)
    token = token_create(user=user, name="bot", scope="act")[1]

    def call(path: str, body: dict | None = None, *, read: bool = False):
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
        if read:
            return Client().get(f"/api/v1/{path}", **headers)
        return Client().post(f"/api/v1/{path}", json.dumps(body or {}), content_type="application/json", **headers)

    return user, call


def test_r11_3_a_chess_challenge_is_accepted_and_played_to_mate_through_the_api():
    _white, white = api_player("liubei")
    _black, black = api_player("caocao")
    made = white("room/board-challenge", {"opponent": "caocao", "kind": "chess", "base_minutes": 3, "increment_s": 2})
    assert made.status_code == 200, made.content
    game = made.json()
    assert (game["status"], game["you"], game["time_control"]) == (
        "challenged",
        "first",
        {"base_minutes": 3, "increment_s": 2},
    )
    assert black(f"room/board-challenges/{game['id']}/accept").json()["status"] == "playing"
    for ply, move in enumerate(["f2f3", "e7e5", "g2g4", "d8h4"]):
        answer = (white, black)[ply % 2](f"room/games/{game['id']}/act", {"act": "move", "move": move, "ply": ply})
        assert answer.status_code == 200, answer.content
    read = Client().get(f"/api/v1/room/games/{game['id']}").json()
    assert (read["result"], read["termination"], read["moves"][-1]) == ("second", "checkmate", "d8h4")


def test_r11_3_the_api_refuses_as_the_pages_do_and_changes_nothing():
    _liubei, liubei = api_player("liubei")
    api_player("caocao")
    kind = liubei("room/board-challenge", {"opponent": "caocao", "kind": "go"})
    assert kind.status_code == 400 and kind.json()["clause"] == "R11.1"
    slow = liubei("room/board-challenge", {"opponent": "caocao", "kind": "chess", "base_minutes": 999})
    assert slow.status_code == 400 and slow.json()["clause"] == "R11.3"
    game = liubei("room/board-challenge", {"opponent": "caocao", "kind": "xiangqi"}).json()
    early = liubei(f"room/games/{game['id']}/act", {"act": "move", "move": "h2e2", "ply": 0})
    assert early.status_code == 400 and early.json()["clause"] == "R11.3"  # not accepted yet
    assert FriendlyGame.objects.get().moves == []


def test_r11_7_a_dark_chess_seek_opened_and_accepted_through_the_api_hides_the_deal():
    _owner, owner = api_player("liubei")
    _taker, taker = api_player("caocao")
    seek = owner("room/seeks", {"kind": "banqi", "side": "first", "settings": {"base_minutes": 5}}).json()
    assert seek["settings"] == {"base_minutes": 5, "increment_s": 5}
    accepted = taker(f"room/seeks/{seek['id']}/accept").json()
    game = Client().get(f"/api/v1/room/games/{accepted['game']}").json()
    assert game["kind"] == "banqi" and game["position"] == "?" * 32 and game["layout"] is None
    owner(f"room/games/{game['id']}/act", {"act": "move", "move": "a1", "ply": 0})
    after = Client().get(f"/api/v1/room/games/{game['id']}").json()
    assert after["position"][0] != "?" and after["position"][1:] == "?" * 31
