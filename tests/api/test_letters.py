"""Letters (站內信) through the API: the same services and refusals as the pages. A token's officer
writes by name, the recipient reads the inbox with the letter unread, opens it (marked read),
another officer's letter is not found by id (404, R1.5), a refusal names what is wrong, the
posting rate is a 429, and each side removes the letter from its own box."""

import json

import pytest
import redis
from django.conf import settings
from django.test import Client

from accounts.services import token_create
from forum.models import Letter
from forum.services.letters import letter_send


@pytest.fixture(autouse=True)
def _fresh_rates(world):
    redis.Redis.from_url(settings.REDIS_URL).delete(*[f"post-rate:{world[n].pk}" for n in ("郭嘉", "荀彧")])


def _token(world, name: str, scope: str = "act") -> dict:
    _made, text = token_create(user=world[name].user, name="letters", scope=scope)
    return {"HTTP_AUTHORIZATION": f"Bearer {text}", "HTTP_ACCEPT_LANGUAGE": "en"}


def _post(path: str, body: dict, headers: dict):
    return Client().post(f"/api/v1{path}", json.dumps(body), content_type="application/json", **headers)


def test_a_letter_sent_through_the_api_is_read_in_the_recipients_inbox(world):
    slug = world.campaign.slug
    sent = _post(
        f"/c/{slug}/letters", {"recipient": "荀彧", "subject": "軍糧", "body": "**急**"}, _token(world, "郭嘉")
    )
    assert sent.status_code == 200, sent.json()
    letter = sent.json()
    assert (letter["sender"], letter["recipient"], letter["read_at"]) == ("郭嘉", "荀彧", None)
    assert letter["html"] == "<p><strong>急</strong></p>\n"
    reader = _token(world, "荀彧", scope="read")
    inbox = Client().get(f"/api/v1/c/{slug}/letters", **reader).json()["results"]
    assert [(item["id"], item["read_at"]) for item in inbox] == [(letter["id"], None)]
    unread = Client().get(f"/api/v1/c/{slug}/letters?unread=true", **reader).json()["results"]
    assert [item["id"] for item in unread] == [letter["id"]]
    opened = Client().get(f"/api/v1/c/{slug}/letters/{letter['id']}", **reader).json()
    assert opened["body"] == "**急**" and opened["read_at"] is not None
    assert Client().get(f"/api/v1/c/{slug}/letters?unread=true", **reader).json()["results"] == []
    sent_box = Client().get(f"/api/v1/c/{slug}/letters/sent", **_token(world, "郭嘉")).json()["results"]
    assert [item["id"] for item in sent_box] == [letter["id"]] and sent_box[0]["read_at"] is not None


def test_r1_5_another_officers_letter_is_not_found_by_id(world):
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="密", body="只給你")
    slug = world.campaign.slug
    for name in ("孫權", "曹操"):
        answer = Client().get(f"/api/v1/c/{slug}/letters/{letter.pk}", **_token(world, name))
        assert answer.status_code == 404, name  # as an id that is no letter: probing tells nothing
        assert "只給你" not in answer.content.decode()
    assert Client().get(f"/api/v1/c/{slug}/letters").status_code == 403  # no token, no officer
    assert Client().get(f"/api/v1/c/{slug}/letters/{letter.pk + 99}", **_token(world, "荀彧")).status_code == 404


def test_a_refused_letter_is_a_400_naming_what_is_wrong(world):
    slug = world.campaign.slug
    answer = _post(f"/c/{slug}/letters", {"recipient": "無名氏", "subject": "s", "body": "b"}, _token(world, "郭嘉"))
    assert answer.status_code == 400
    assert answer.json()["clause"] == "R1.5" and "無名氏" in answer.json()["message"]
    assert not Letter.objects.exists()


def test_letters_past_the_posting_rate_are_a_429(world, settings):
    settings.BOARD_POST_RATE = "1/min"
    slug, headers = world.campaign.slug, _token(world, "郭嘉")
    assert _post(f"/c/{slug}/letters", {"recipient": "荀彧", "subject": "一", "body": "一"}, headers).status_code == 200
    again = _post(f"/c/{slug}/letters", {"recipient": "荀彧", "subject": "二", "body": "二"}, headers)
    assert again.status_code == 429 and int(again["Retry-After"]) > 0
    assert Letter.objects.count() == 1


def test_each_side_removes_a_letter_from_its_own_box_through_the_api(world):
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="s", body="b")
    slug = world.campaign.slug
    assert _post(f"/c/{slug}/letters/{letter.pk}/remove", {}, _token(world, "荀彧")).json() == {"removed": letter.pk}
    assert Client().get(f"/api/v1/c/{slug}/letters", **_token(world, "荀彧")).json()["results"] == []
    kept = Client().get(f"/api/v1/c/{slug}/letters/sent", **_token(world, "郭嘉")).json()["results"]
    assert [item["id"] for item in kept] == [letter.pk]
