"""Numbers typed in digits other than ASCII (superscript ², Arabic-Indic ٣, full-width ５: Python
calls them digits but cannot read them as numbers) are refused naming their clause, in the
reader's language, and change nothing: a board game's time control (R11.3) from the room's
forms and the API, a move's number on a game's page (R11.3, read as stale), a hero tactics
setting from the room's and the tactics challenge forms (T15). Never a server error."""

import json

import pytest
from django.test import Client

from accounts.services import token_create
from friendly.models import FriendlyGame
from room.models import Seek
from tactics.models import TacticsGame
from tests.friendly.helpers import account, signed_in, started

pytestmark = pytest.mark.django_db

OTHER_DIGITS = ["²", "٣", "５", "1²"]


def test_r11_3_a_time_control_in_other_digits_is_refused_by_the_room_forms():
    liubei, _caocao = account("liubei"), account("caocao")
    client = signed_in(liubei)
    for digits in OTHER_DIGITS:
        for field in ("base_minutes", "increment_s"):
            form = {"kind": "chess", "opponent": "caocao", "side": "first", field: digits}
            for path in ("/room/challenge/", "/room/seeks/new/"):
                answer = client.post(path, form, follow=True)
                assert answer.status_code == 200, (path, field, digits)
                page = answer.content.decode()
                assert "R11.3" in page and "整數" in page, (path, field, digits)
    assert not FriendlyGame.objects.exists() and not Seek.objects.exists()


def test_r11_3_a_time_control_in_other_digits_is_refused_by_the_api():
    account("caocao")
    token = token_create(user=account("liubei"), name="bot", scope="act")[1]
    for digits in OTHER_DIGITS:
        answer = Client().post(
            "/api/v1/room/board-challenge",
            json.dumps({"opponent": "caocao", "kind": "xiangqi", "base_minutes": digits}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert answer.status_code == 400 and answer.json()["clause"] == "R11.3", digits
    assert not FriendlyGame.objects.exists()


def test_r11_3_a_move_number_in_other_digits_is_refused_as_a_stale_page():
    game = started("xiangqi", account("liubei"), account("caocao"))
    for digits in ["⁰", "٠", "０"]:
        answer = signed_in(game.first).post(
            f"/room/games/{game.pk}/act/", {"act": "move", "move": "h2e2", "ply": digits}, follow=True
        )
        assert answer.status_code == 200 and "R11.3" in answer.content.decode(), digits
    game.refresh_from_db()
    assert game.moves == []


def test_t15_a_hero_tactics_setting_in_other_digits_is_refused_by_the_room_and_tactics_forms():
    liubei, _caocao = account("liubei"), account("caocao")
    client = signed_in(liubei)
    forms = [
        ("/room/seeks/new/", {"kind": "tactics", "side": "first"}),
        ("/room/challenge/", {"kind": "tactics", "opponent": "caocao", "side": "first"}),
        ("/tactics/challenge/", {"opponent": "caocao"}),
    ]
    for digits in OTHER_DIGITS:
        for field in ("heroes_per_side", "round_limit", "clock_minutes"):
            for path, form in forms:
                answer = client.post(path, {**form, field: digits}, follow=True)
                assert answer.status_code == 200, (path, field, digits)
                assert "T15" in answer.content.decode(), (path, field, digits)
    assert not TacticsGame.objects.exists() and not Seek.objects.exists()
