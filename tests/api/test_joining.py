"""Joining through the API: a kingdom's page with the table of posts and the roster (R2.6 presence),
its applications and links for its king and the organisers only, the caller's own applications, and
the acts of the pages (their authorization is tests/api/test_authorization.py's)."""

import json
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.test import Client

from accounts.services import token_create
from campaign.models import Campaign
from seasons.services.joining import application_submit, invitation_create


def bearer(user, scope="act") -> dict:
    _token, text = token_create(user=user, name="t", scope=scope)
    return {"HTTP_AUTHORIZATION": f"Bearer {text}", "HTTP_ACCEPT_LANGUAGE": "en"}


def enrolling(world):
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)


def test_a_kingdoms_page_reads_its_king_posts_and_roster(world):
    kingdom = world["曹操"].kingdom
    body = Client().get(f"/api/v1/c/{world.campaign.slug}/kingdoms/{kingdom.pk}").json()
    assert body["king_id"] == world["曹操"].pk and len(body["city_ids"]) == 4
    governors = {p["where"]: p["holder_id"] for p in body["posts"] if p["post"] in ("太守", "Governor")}
    assert governors["許昌"] == world["夏侯惇"].pk
    assert {o["name"] for o in body["officers"]} >= {"曹操", "郭嘉"} and "online" in body["officers"][0]


def test_applications_and_links_are_read_by_the_king_only_and_a_user_reads_their_own(world):
    enrolling(world)
    user = get_user_model().objects.create_user("newcomer", password="x-long-pass-1")
    application_submit(user=user, kingdom=world["曹操"].kingdom, message="願往")
    invitation_create(user=world["曹操"].user, kingdom=world["曹操"].kingdom, expires_in=timedelta(days=1), max_uses=2)
    base = f"/api/v1/c/{world.campaign.slug}/kingdoms/{world['曹操'].kingdom_id}"
    king = bearer(world["曹操"].user, "read")
    assert [a["username"] for a in Client().get(f"{base}/applications", **king).json()] == ["newcomer"]
    assert [i["max_uses"] for i in Client().get(f"{base}/invitations", **king).json()] == [2]
    assert Client().get(f"{base}/applications", **bearer(world["荀彧"].user, "read")).status_code == 403
    mine = Client().get(f"/api/v1/c/{world.campaign.slug}/join", **bearer(user, "read")).json()
    assert [(a["status"], a["message"]) for a in mine] == [("pending", "願往")]


def test_a_link_made_through_the_api_is_in_its_answer_once_and_works(world):
    enrolling(world)
    url = f"/api/v1/c/{world.campaign.slug}/kingdoms/{world['曹操'].kingdom_id}/invitations"
    body = (
        Client()
        .post(url, json.dumps({"days": 3, "uses": 1}), content_type="application/json", **bearer(world["曹操"].user))
        .json()
    )
    secret = body["link"].rstrip("/").rsplit("/", 1)[1]
    user = get_user_model().objects.create_user("newcomer", password="x-long-pass-1")
    follow = f"/api/v1/c/{world.campaign.slug}/join/{secret}/follow"
    answer = Client().post(follow, "{}", content_type="application/json", **bearer(user)).json()
    assert answer["invited"] and answer["status"] == "pending"
    again = Client().post(follow, "{}", content_type="application/json", **bearer(user))
    assert again.status_code == 400 and "used up" in again.json()["message"]


def test_r1_5_applying_again_right_after_a_withdrawal_is_429_with_the_wait(world):
    """The cooldown after a withdrawal (APPLICATION_COOLDOWN_SECONDS) through the API: 429, its
    Retry-After and the message, nothing made."""
    enrolling(world)
    user = get_user_model().objects.create_user("newcomer", password="x-long-pass-1")
    slug, auth = world.campaign.slug, bearer(user)
    apply = json.dumps({"kingdom": world["曹操"].kingdom_id, "message": "願往"})
    first = Client().post(f"/api/v1/c/{slug}/join/apply", apply, content_type="application/json", **auth).json()
    withdraw = f"/api/v1/c/{slug}/join/applications/{first['id']}/withdraw"
    assert Client().post(withdraw, "{}", content_type="application/json", **auth).status_code == 200
    again = Client().post(f"/api/v1/c/{slug}/join/apply", apply, content_type="application/json", **auth)
    assert again.status_code == 429 and 0 < int(again["Retry-After"]) <= 600
    assert "apply to it again in 10 minutes" in json.dumps(again.json())
    assert user.applications.count() == 1
