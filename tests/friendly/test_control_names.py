"""An account name typed with a NUL or another control character (a challenge's opponent, the
player a captain unseats) is refused as no such account, naming T2.6, the name echoed without
it, nothing made: never a server error (PostgreSQL refuses a NUL in a query: this runs there too)."""

import json

import pytest
from django.test import Client

from accounts.services import token_create
from friendly.models import FriendlyGame
from tactics.models import TacticsGame, TacticsSeat
from tactics.services.challenges import tactics_challenge
from tactics.services.seats import tactics_join
from tests.friendly.helpers import account, signed_in

pytestmark = pytest.mark.django_db

NAMES = ["cao\x00cao", "\x00", "caocao\u202e"]


def test_t2_6_a_challenge_to_a_name_holding_a_control_character_is_refused():
    liubei, _caocao = account("liubei"), account("caocao")
    client = signed_in(liubei)
    token = token_create(user=liubei, name="bot", scope="act")[1]
    for name in NAMES:
        for path, form in [
            ("/room/challenge/", {"kind": "chess", "side": "first"}),
            ("/room/challenge/", {"kind": "tactics", "side": "first"}),
            ("/tactics/challenge/", {}),
        ]:
            answer = client.post(path, {**form, "opponent": name}, follow=True)
            page = answer.content.decode()
            assert answer.status_code == 200 and "T2.6" in page and "\x00" not in page, (path, name)
        api = Client().post(
            "/api/v1/room/board-challenge",
            json.dumps({"opponent": name, "kind": "xiangqi"}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert api.status_code == 400 and api.json()["clause"] == "T2.6", name
    assert not FriendlyGame.objects.exists() and not TacticsGame.objects.exists()


def test_t2_6_unseating_a_name_holding_a_control_character_is_refused():
    liubei, _caocao, guanyu = account("liubei"), account("caocao"), account("guanyu")
    game = tactics_challenge(user=liubei, opponent_name="caocao", settings={}, seats=2)
    tactics_join(user=guanyu, game_id=game.pk, side="first")
    for name in NAMES:
        answer = signed_in(liubei).post(f"/tactics/{game.pk}/leave/", {"player": name}, follow=True)
        assert answer.status_code == 200 and "T2.6" in answer.content.decode(), name
    assert TacticsSeat.objects.filter(game=game, user=guanyu).exists()
