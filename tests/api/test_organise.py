"""The organisers' reads and acts in the API (docs/organising.md "Organising a campaign"): the same authority as
the pages (a campaign's organisers only), a world file's upload a dry run unless saved (writing
nothing, a refusal naming its line), the settings read as a world file holds them."""

import json
from pathlib import Path

import pytest
from django.test import Client

from accounts.services import token_create
from campaign.models import Campaign
from seasons.services.organise import campaign_import
from tests.authorization.matrix import snapshot
from tests.seasons.test_organise import organiser
from tests.seasons.world_files import site_example

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "demo-world.yaml"


def bearer(user, scope="act"):
    _token, text = token_create(user=user, name="organise", scope=scope)
    return {"HTTP_AUTHORIZATION": f"Bearer {text}", "HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def user(db):
    return organiser()


@pytest.fixture
def campaign(user):
    return campaign_import(actor=user, text=site_example(), fmt="yaml", slug="spring")


def test_r1_1_a_campaign_s_world_and_settings_are_read_by_its_organisers_only(user, campaign):
    client = Client()
    world = client.get("/api/v1/c/spring/organise/world", **bearer(user, "read"))
    assert world.status_code == 200 and len(world.json()["world"]["cities"]) == 12
    settings = client.get("/api/v1/c/spring/organise/settings", **bearer(user, "read")).json()["settings"]
    assert settings["travel_time"] == 1200 and settings["war_start_minute"] == 540
    assert client.get("/api/v1/c/spring/organise/world", **bearer(organiser("stranger"), "read")).status_code == 403
    assert client.get("/api/v1/c/spring/organise/world").status_code == 403
    mine = client.get("/api/v1/organise/campaigns", **bearer(user, "read")).json()
    assert [c["slug"] for c in mine] == ["spring"] and mine[0]["status"] == "draft"


def test_r1_1_an_upload_is_a_dry_run_unless_saved(user):
    client, text, headers = Client(), site_example().decode(), bearer(user)
    before = snapshot()
    body = {"text": text, "slug": "autumn"}
    dry = client.post("/api/v1/organise/campaigns/upload", json.dumps(body), content_type="application/json", **headers)
    assert dry.status_code == 200 and dry.json()["saved"] is False and dry.json()["cities"] == 12
    assert snapshot() == before
    body["text"] = text.replace("capital: 許昌", "capital: 無名", 1)
    refused = client.post(
        "/api/v1/organise/campaigns/upload", json.dumps(body), content_type="application/json", **headers
    )
    line = 1 + next(n for n, row in enumerate(text.splitlines()) if "capital: 許昌" in row)  # the first capital's
    assert refused.status_code == 400 and f"Line {line}" in refused.json()["message"]
    assert refused.json()["clause"] == "R1.2"
    assert snapshot() == before
    body.update(text=text, save=True)
    saved = client.post(
        "/api/v1/organise/campaigns/upload", json.dumps(body), content_type="application/json", **headers
    )
    assert saved.json()["saved"] is True and Campaign.objects.get(slug="autumn").status == Campaign.Status.DRAFT


def test_r1_1_settings_given_in_the_api_change_and_the_others_stay(user, campaign):
    body = {"pursuers": "4", "war_end_minute": "23:00"}
    answer = Client().post(
        "/api/v1/c/spring/organise/settings", json.dumps(body), content_type="application/json", **bearer(user)
    )
    assert answer.status_code == 200
    campaign.refresh_from_db()
    assert (campaign.pursuers, campaign.war_end_minute, campaign.moves_through_own_cities_only) == (4, 1380, True)
