"""R11.3 through the API: a record reported by a bot is a claim whatever its ending (mate
included); the game says when it stands unanswered (`claim_due`), and only the opponent confirms
or disputes it."""

from datetime import timedelta

import pytest
from django.test import Client

from accounts.services import token_create
from play.models import Game
from tests.api.test_errors import post
from tests.authorization.war_acts import pending_siege_game
from tests.play.test_records import MATE


@pytest.mark.django_db
def test_r11_3_a_mate_reported_through_the_api_waits_for_the_opponent_and_only_the_opponent(world, clock):
    game = pending_siege_game(world, clock)  # 許褚 (red) against 張飛, the governor of 漢中
    slug = world.campaign.slug
    _token, xu = token_create(user=world["許褚"].user, name="bot", scope="act")
    _token, zhang = token_create(user=world["張飛"].user, name="bot", scope="act")
    reported = post(slug, f"/games/{game.pk}/report", {"record": MATE}, xu)
    assert reported.status_code == 200 and reported.json()["status"] == "pending"
    assert reported.json()["claim_status"] == "claimed" and world.city("漢中").wall == 500

    read = Client().get(f"/api/v1/c/{slug}/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {zhang}").json()
    assert (read["claimed_result"], read["termination"]) == ("attacker", "checkmate")
    game = Game.objects.get(pk=game.pk)
    assert read["claim"] == game.claim_token()
    due = game.reported_at + timedelta(minutes=60)
    assert read["claim_due"].replace("Z", "+00:00") == due.isoformat(), "the campaign's window of war time"

    refused = post(slug, f"/games/{game.pk}/claim", {"confirm": True, "claim": read["claim"]}, xu)
    assert refused.status_code == 403 and refused.json()["clause"] == "R11.3", "the reporter confirms nothing"
    assert world.city("漢中").wall == 500
    confirmed = post(slug, f"/games/{game.pk}/claim", {"confirm": True, "claim": read["claim"]}, zhang)
    assert confirmed.status_code == 200 and confirmed.json()["result"] == "attacker"
    assert world.city("漢中").wall == 490
    after = Client().get(f"/api/v1/c/{slug}/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {zhang}").json()
    assert (after["claim"], after["claim_due"], after["claim_status"]) == ("", None, "confirmed")
