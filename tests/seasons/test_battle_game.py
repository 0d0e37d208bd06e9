"""W1: a campaign may set its battle game to hero tactics (戰棋) at every door its settings come in
by (the settings page, the API's settings act, the world file) and a world file keeps it from
export to import; an unknown game is refused by each door with the same words."""

import html
import json

import pytest
from django.test import Client

from accounts.services import token_create
from campaign.models import Campaign
from seasons.services.organise import campaign_import, campaign_settings_update
from seasons.world.export import world_export
from seasons.world.importing import world_import
from tests.seasons.test_organise import organiser
from tests.seasons.world_files import site_example


@pytest.fixture
def user(db):
    return organiser()


@pytest.fixture
def draft(user):
    return campaign_import(actor=user, text=site_example(), fmt="yaml", slug="spring")


@pytest.fixture
def client(user):
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def api(user):
    key = token_create(user=user, name="settings", scope="act")[1]
    return {"content_type": "application/json", "HTTP_AUTHORIZATION": f"Bearer {key}", "HTTP_ACCEPT_LANGUAGE": "en"}


def test_w1_the_settings_page_offers_hero_tactics_and_saves_it(client, draft):
    page = html.unescape(client.get("/c/spring/organise/settings/").content.decode())
    assert '<option value="tactics">Hero tactics</option>' in page
    assert client.post("/c/spring/organise/settings/save/", {"battle_game": "tactics"}).status_code == 302
    assert Campaign.objects.get(slug="spring").battle_game == "tactics"
    page = html.unescape(client.get("/c/spring/organise/settings/").content.decode())
    assert '<option value="tactics" selected>' in page


def test_w1_the_api_sets_hero_tactics_as_the_battle_game(client, draft, api):
    saved = client.post("/api/v1/c/spring/organise/settings", json.dumps({"battle_game": "tactics"}), **api)
    assert saved.status_code == 200 and saved.json()["settings"]["battle_game"] == "tactics"
    assert client.get("/api/v1/c/spring").json()["battle_game"] == "tactics"


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_w1_the_world_file_round_trip_keeps_battle_game_tactics(user, draft, fmt):
    campaign_settings_update(actor=user, campaign=draft, values={"battle_game": "tactics"})
    text = world_export(Campaign.objects.get(pk=draft.pk), fmt=fmt)
    assert ("battle_game: tactics" if fmt == "yaml" else '"battle_game": "tactics"') in text
    Campaign.objects.filter(pk=draft.pk).update(slug="spring-before")
    again = world_import(text=text, fmt=fmt)
    assert again.battle_game == "tactics" and world_export(again, fmt=fmt) == text


def test_w1_each_door_refuses_an_unknown_battle_game_with_the_same_words(client, draft, api):
    words = "Unknown battle game “tactic” (one of: xiangqi, chess, tactics)."
    page = client.post("/c/spring/organise/settings/save/", {"battle_game": "tactic"}, follow=True)
    assert words in html.unescape(page.content.decode())
    answer = client.post("/api/v1/c/spring/organise/settings", json.dumps({"battle_game": "tactic"}), **api)
    assert answer.status_code == 400 and words in answer.json()["message"]
    text = site_example().decode().replace("battle_game: xiangqi", "battle_game: tactic")
    body = json.dumps({"text": text, "fmt": "yaml", "save": True})
    answer = client.post("/api/v1/c/spring/organise/world/upload", body, **api)
    assert answer.status_code == 400 and words in answer.json()["message"]
    assert Campaign.objects.get(slug="spring").battle_game == "xiangqi"
