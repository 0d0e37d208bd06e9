"""T3.11: an organiser chooses or draws the campaign's hero tactics map (docs/organising.md), at
every door the settings come in by: the settings page, the API's settings act, and the world file
(uploaded on the site or through the API). A drawing that breaks T3.11 is refused with the same
words in the reader's language, naming what is wrong, and nothing is saved; a good one is saved,
shown as a grid, and kept by export → import."""

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.services import token_create
from campaign.models import Campaign
from seasons.services.organise import campaign_import, campaign_settings_update
from seasons.world.export import world_export
from seasons.world.importing import world_import
from tests.authorization.matrix import snapshot
from tests.seasons.test_organise import organiser
from tests.seasons.world_files import site_example

GOOD_7 = ["...B...", ".M...W.", "F.....F", "W.....W", "F.....F", ".W...M.", "...B..."]
# (what, the drawing, the words of its fault in Chinese)
BAD = [
    ("even width", ["...B....", "........", "....B..."], "每列 8 格，是偶數"),
    ("too wide", ["." * 13 + "B" + "." * 13, "." * 27, "." * 13 + "B" + "." * 13], "每列最多 26 格"),
    ("base not in the middle", ["..B....", ".......", "....B.."], "d1 與 d3"),
    ("too few spawn points", ["B", ".", "B"], "只有 0 個出生點"),
    ("not mirrored", ["...B...", "M......", "...B..."], "a2 是山地，旋轉半圈後對應的 g2 卻是平地"),
    ("a strange letter", ["...B...", "...X...", "...B..."], "第 2 列有「X」"),
]
DOORS = ["settings page", "settings API", "world file on the site", "world file by the API"]


@pytest.fixture
def user(db):
    return organiser()


@pytest.fixture
def draft(user):
    return campaign_import(actor=user, text=site_example(), fmt="yaml", slug="spring")


@pytest.fixture
def key(user):
    return token_create(user=user, name="maps", scope="act")[1]


def _world_file(rows: list[str]) -> tuple[str, int]:
    """The site's example world with the drawing as its map, and the line its rows begin on."""
    text = site_example().decode()
    drawn = "  tactics_map:\n" + "".join(f"  - '{row}'\n" for row in rows)
    assert "  tactics_map: classic-9\n" in text
    text = text.replace("  tactics_map: classic-9\n", drawn)
    return text, text[: text.index("  tactics_map:")].count("\n") + 2


def _send(door: str, user, key: str, rows: list[str]) -> tuple[int, str]:
    """The drawing sent at `door` by the campaign's organiser reading Chinese: (status, the refusal)."""
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "zh-hant"
    api = {"content_type": "application/json", "HTTP_AUTHORIZATION": f"Bearer {key}", "HTTP_ACCEPT_LANGUAGE": "zh-hant"}
    if door == "settings page":
        data = {"tactics_map": "drawn", "tactics_map_rows": "\n".join(rows)}
        response = client.post("/c/spring/organise/settings/save/", data, follow=True)
        page = html.unescape(response.content.decode())
        return (400 if "戰棋地圖（T3.11）" in page else response.status_code), page
    if door == "settings API":
        body = json.dumps({"tactics_map": "drawn", "tactics_map_rows": "\n".join(rows)})
        response = client.post("/api/v1/c/spring/organise/settings", body, **api)
        return response.status_code, response.json().get("message", "")
    text, _line = _world_file(rows)
    if door == "world file on the site":
        upload = SimpleUploadedFile("world.yaml", text.encode())
        response = client.post("/c/spring/organise/world/upload/", {"file": upload})
        page = html.unescape(response.content.decode())
        return response.status_code, page.split('id="world-refusal">', 1)[-1].split("</p>", 1)[0]
    body = json.dumps({"text": text, "fmt": "yaml", "save": True})
    response = client.post("/api/v1/c/spring/organise/world/upload", body, **api)
    return response.status_code, response.json().get("message", "")


@pytest.mark.parametrize("what, rows, words", BAD, ids=[b[0] for b in BAD])
def test_t3_11_each_door_refuses_a_bad_map_with_the_same_message_and_saves_nothing(user, draft, key, what, rows, words):
    before = snapshot()
    refusals = {}
    for door in DOORS:
        status, refusals[door] = _send(door, user, key, rows)
        assert status == 400, (door, status, refusals[door][:300])
        assert snapshot() == before, door
    rule = refusals["settings API"]
    assert rule.startswith("戰棋地圖（T3.11）：") and words in rule, rule
    _text, line = _world_file(rows)
    assert rule in refusals["settings page"]
    for door in ("world file on the site", "world file by the API"):
        assert refusals[door] == f"第 {line} 行（settings.tactics_map）：{rule}", (door, refusals[door])
    assert Campaign.objects.get(slug="spring").tactics_map == ""


def test_t3_11_a_good_drawn_map_is_saved_and_shown_as_a_grid_then_classic_9_chosen_again(user, draft, key):
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "zh-hant"
    data = {"tactics_map": "drawn", "tactics_map_rows": "\n".join(row.lower() for row in GOOD_7) + "\n"}
    assert client.post("/c/spring/organise/settings/save/", data).status_code == 302
    assert Campaign.objects.get(slug="spring").tactics_map == "\n".join(GOOD_7)
    page = client.get("/c/spring/organise/settings/").content.decode()
    assert '<option value="drawn" selected>下方自繪</option>' in page and "自繪，7 × 7" in page
    assert "\n".join(GOOD_7) + "</textarea>" in page
    grid = page.split('class="tactics-grid"', 1)[1].split("</div>", 1)[0]
    assert grid.count("<span") == 49 and '--files: 7"' in page
    assert '<span class="t-base" title="d1: 本陣">1</span>' in grid
    assert '<span class="t-base" title="d7: 本陣">2</span>' in grid
    assert '<span class="t-mountain" title="b6: 山地">山</span>' in grid
    api = {"HTTP_AUTHORIZATION": f"Bearer {key}"}
    assert client.get("/api/v1/c/spring/organise/settings", **api).json()["settings"]["tactics_map"] == GOOD_7
    body = json.dumps({"tactics_map": "classic-9"})
    saved = client.post("/api/v1/c/spring/organise/settings", body, content_type="application/json", **api)
    assert saved.status_code == 200 and saved.json()["settings"]["tactics_map"] == "classic-9"
    assert Campaign.objects.get(slug="spring").tactics_map == ""


def test_t3_11_a_refused_drawing_is_shown_again_in_the_form_to_be_fixed(user, draft):
    client = Client()
    client.force_login(user)
    rows = "...B....\n........\n....B..."
    client.post("/c/spring/organise/settings/save/", {"tactics_map": "drawn", "tactics_map_rows": rows})
    page = client.get("/c/spring/organise/settings/").content.decode()
    assert rows + "</textarea>" in page and '<option value="drawn" selected>' in page


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_t3_11_the_world_file_round_trip_keeps_the_drawn_map(user, draft, fmt):
    campaign_settings_update(actor=user, campaign=draft, values={"tactics_map": "\n".join(GOOD_7)})
    text = world_export(Campaign.objects.get(pk=draft.pk), fmt=fmt)
    assert "tactics_map" in text and "F.....F" in text
    Campaign.objects.filter(pk=draft.pk).update(slug="spring-before")
    again = world_import(text=text, fmt=fmt)
    assert again.tactics_map == "\n".join(GOOD_7) and world_export(again, fmt=fmt) == text
