"""Personal access tokens: made on the Tokens page (shown once, kept only as a digest),
used as `Authorization: Bearer`, scoped (a read-only token does not act), revoked by their
owner (then refused with 401), and refused when unknown."""

import json

import pytest
from django.test import Client

from accounts.models import AccessToken
from accounts.services import token_create, token_revoke
from campaign.digests import digest
from campaign.models import Move


def act(slug: str, token: str, destination: int):
    return Client().post(
        f"/api/v1/c/{slug}/moves/request",
        json.dumps({"destination": destination}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        HTTP_ACCEPT_LANGUAGE="en",
    )


@pytest.mark.django_db
def test_a_token_is_made_on_its_page_shown_once_and_kept_as_a_digest(client, world, clock):
    client.force_login(world["郭嘉"].user)
    response = client.post("/accounts/tokens/new/", {"name": "bridge", "scope": "act"}, follow=True)
    page = response.content.decode()
    text = page.split('<code id="new-token" translate="no">')[1].split("</code>")[0]
    assert text.startswith("cs_") and len(text) > 40
    assert text not in client.get("/accounts/tokens/").content.decode()  # once
    (token,) = AccessToken.objects.filter(user=world["郭嘉"].user)
    assert token.digest == digest(text) and text not in str(list(AccessToken.objects.values()))
    assert (token.name, token.scope, token.prefix) == ("bridge", "act", text[:10])
    moved = act(world.campaign.slug, text, world.city("許昌").pk)
    assert moved.status_code == 200 and Move.objects.filter(officer=world["郭嘉"]).exists()
    token.refresh_from_db()
    assert token.last_used_at is not None


@pytest.mark.django_db
def test_a_revoked_or_unknown_token_is_refused_with_401(client, world, clock):
    token, text = token_create(user=world["郭嘉"].user, name="bot", scope="act")
    token_revoke(user=world["郭嘉"].user, token=token)
    for sent in (text, "cs_" + "x" * 43, "not-even-ours"):
        refused = act(world.campaign.slug, sent, world.city("許昌").pk)
        assert refused.status_code == 401 and refused["WWW-Authenticate"] == "Bearer"
        assert refused.json()["code"] == "unauthenticated"
        assert client.get("/api/v1/campaigns", HTTP_AUTHORIZATION=f"Bearer {sent}").status_code == 401
    assert not Move.objects.filter(officer=world["郭嘉"]).exists()


@pytest.mark.django_db
def test_a_read_only_token_reads_and_does_not_act(client, world, clock):
    _token, text = token_create(user=world["郭嘉"].user, name="reader", scope="read")
    assert client.get("/api/v1/campaigns", HTTP_AUTHORIZATION=f"Bearer {text}").status_code == 200
    refused = act(world.campaign.slug, text, world.city("許昌").pk)
    assert refused.status_code == 403
    assert refused.json()["message"] == "This token may only read; make one that may act."
    assert not Move.objects.filter(officer=world["郭嘉"]).exists()


@pytest.mark.django_db
def test_a_token_needs_a_name_and_a_scope(client, world, clock):
    client.force_login(world["郭嘉"].user)
    client.cookies["django_language"] = "en"
    for data in ({"name": "", "scope": "act"}, {"name": "bot", "scope": "admin"}, {"name": "x" * 61, "scope": "read"}):
        page = client.post("/accounts/tokens/new/", data, follow=True).content.decode()
        assert "A token" in page and 'id="new-token"' not in page
    assert not AccessToken.objects.exists()


@pytest.mark.django_db
def test_the_tokens_page_shows_times_in_the_readers_zone_like_every_other_page(client, world, clock):
    """Made and last used at 10:00 Taipei (02:00 UTC): the Tokens page shows 10:00 in the campaign's
    zone (the reader's campaign), or the reader's chosen zone (03:00 in London, summer time), as
    every campaign page does, and its footer says which; it showed 02:00 (UTC)."""
    token, _text = token_create(user=world["郭嘉"].user, name="bridge", scope="act")
    AccessToken.objects.filter(pk=token.pk).update(last_used_at=token.created_at)
    client.force_login(world["郭嘉"].user)
    page = client.get("/accounts/tokens/").content.decode()
    assert page.count("2026-05-01 10:00") == 2 and "02:00" not in page
    assert "Asia/Taipei" in page.split("<footer>")[1]
    client.cookies["campaign_tz"] = "Europe/London"
    page = client.get("/accounts/tokens/").content.decode()
    assert page.count("2026-05-01 03:00") == 2 and "10:00" not in page
    dashboard = client.get(f"/c/{world.campaign.slug}/").content.decode()
    assert "Europe/London" in dashboard.split("<footer>")[1] and "Europe/London" in page.split("<footer>")[1]
