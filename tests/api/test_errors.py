"""The API's errors: JSON with a stable code, the clause and a message in the caller's language
(Accept-Language; 繁體中文 unless English is asked), and the right status; rate limits per user
(all of their tokens together) and per address (without a token) answer 429 with Retry-After."""

import json
import secrets
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import Client, RequestFactory

from accounts.services import token_create
from api.auth import UserThrottle
from tests.api.test_limits import uncounted


def post(slug: str, path: str, data, token: str, **headers):
    return Client().post(
        f"/api/v1/c/{slug}{path}",
        data if isinstance(data, str) else json.dumps(data),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        **headers,
    )


@pytest.mark.django_db
def test_a_refusal_names_its_clause_in_the_callers_language(world, clock):
    _token, text = token_create(user=world["郭嘉"].user, name="bot", scope="act")
    slug = world.campaign.slug
    english = post(slug, "/moves/request", {"destination": 999999}, text, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8")
    assert english.status_code == 400
    assert english.json() == {
        "code": "rule",
        "clause": "R1.4",
        "message": "Please choose a valid value for “destination”.",
    }
    assert english["Content-Language"] == "en"
    for asked in ("zh-TW", "", "fr"):  # Traditional Chinese unless English is asked
        chinese = post(slug, "/moves/request", {"destination": 999999}, text, HTTP_ACCEPT_LANGUAGE=asked)
        assert chinese.json()["clause"] == "R1.4" and "目的地" in chinese.json()["message"], asked


@pytest.mark.django_db
def test_fields_missing_or_malformed_are_named(world, clock):
    _token, text = token_create(user=world["郭嘉"].user, name="bot", scope="act")
    slug = world.campaign.slug
    for data in ({}, {"destination": "許昌"}, "{not json"):
        refused = post(slug, "/moves/request", data, text, HTTP_ACCEPT_LANGUAGE="en")
        assert refused.status_code == 400 and refused.json()["code"] == "invalid", data
    assert "destination" in post(slug, "/moves/request", {}, text, HTTP_ACCEPT_LANGUAGE="en").json()["message"]


@pytest.mark.django_db
def test_a_token_over_its_rate_gets_429_with_retry_after(world, clock, settings):
    settings.API_RATE_TOKEN = "3/min"
    uncounted(world["郭嘉"].user)
    uncounted(world["曹仁"].user)
    _token, text = token_create(user=world["郭嘉"].user, name="bot", scope="read")
    client = Client()
    answers = [client.get("/api/v1/campaigns", HTTP_AUTHORIZATION=f"Bearer {text}").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    limited = client.get("/api/v1/campaigns", HTTP_AUTHORIZATION=f"Bearer {text}", HTTP_ACCEPT_LANGUAGE="en")
    assert limited.json()["code"] == "rate_limited" and 0 < int(limited["Retry-After"]) <= 60
    _other, fresh = token_create(user=world["曹仁"].user, name="other", scope="read")
    assert client.get("/api/v1/campaigns", HTTP_AUTHORIZATION=f"Bearer {fresh}").status_code == 200  # per user


@pytest.mark.django_db
def test_an_address_over_its_rate_gets_429(world, clock, settings):
    """Anonymous readers by their address (a token is counted by its user alone:
    tests/api/test_limits.py)."""
    settings.API_RATE_ADDRESS = "2/min"
    address = f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"
    client = Client(REMOTE_ADDR=address)
    assert [client.get("/api/v1/campaigns").status_code for _ in range(3)] == [200, 200, 429]
    assert Client(REMOTE_ADDR="10.255.0.1").get("/api/v1/campaigns").status_code == 200  # another address
    spoofed = Client(REMOTE_ADDR=address, HTTP_X_FORWARDED_FOR="10.1.2.3")  # no proxy trusted: the peer counts
    assert spoofed.get("/api/v1/campaigns").status_code == 429


@pytest.mark.django_db
def test_r11_3_an_answer_to_a_claim_since_replaced_is_a_409(world, clock):
    from play.services.records import game_report
    from tests.authorization.war_acts import pending_siege_game

    game = game_report(
        actor=world["許褚"], game=pending_siege_game(world, clock), text="炮二平五 馬８進７", claimed="attacker"
    )
    slug = world.campaign.slug
    _token, zhang = token_create(user=world["張飛"].user, name="bot", scope="act")
    read = Client().get(f"/api/v1/c/{slug}/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {zhang}").json()
    assert read["claim"] == game.claim_token() and read["claimed_result"] == "attacker"
    stale = post(slug, f"/games/{game.pk}/claim", {"confirm": True, "claim": "attacker@yesterday"}, zhang)
    assert stale.status_code == 409 and stale.json()["code"] == "stale" and stale.json()["clause"] == "R11.3"
    game.refresh_from_db()
    assert game.claim_status == "claimed"  # nothing changed
    confirmed = post(slug, f"/games/{game.pk}/claim", {"confirm": True, "claim": read["claim"]}, zhang)
    assert confirmed.status_code == 200 and confirmed.json()["result"] == "attacker"


@pytest.mark.django_db(transaction=True)
def test_requests_of_one_token_arriving_together_pass_no_more_than_its_rate(world, settings):
    """A bot firing many requests at once (threads here; processes behind a proxy alike) gets
    exactly its rate through, not a few more that read the count before the others wrote it."""
    settings.API_RATE_TOKEN = "5/min"
    uncounted(world["郭嘉"].user)
    token, _text = token_create(user=world["郭嘉"].user, name="burst", scope="read")
    request = RequestFactory().get("/api/v1/campaigns")
    request.auth = token
    start = threading.Barrier(20)

    def one() -> bool:
        throttle = UserThrottle()
        start.wait()
        return throttle.allow_request(request)

    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(lambda _n: one(), range(20)))
    assert answers.count(True) == 5
    refused = UserThrottle()
    assert not refused.allow_request(request) and 0 < refused.wait() <= 60
