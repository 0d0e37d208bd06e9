"""§1 A malformed world file is refused, never a 500, at every door a file comes in by: the site's
upload of a new campaign, the site's replacement of a draft's world, and the API's two (a new
campaign, a draft's world replaced); previewed and saved. Each refusal names the line and the rule
in the reader's language, the parser's own words at most beside them (never alone in English on a
Chinese page), and nothing is written. The limits are the settings' (WORLD_FILE_MAX_*)."""

import html
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from accounts.services import token_create
from seasons.services.organise import campaign_import
from tests.authorization.matrix import snapshot
from tests.seasons.test_organise import organiser
from tests.seasons.world_files import site_example

EXAMPLE = (Path(__file__).resolve().parents[2] / "examples" / "demo-world.yaml").read_text(encoding="utf-8")
HEAD = "name: 壞檔\nslug: bad-file\n"


# (what, the file, its format, words the refusal holds: the line and the rule, in Chinese)
CASES = [
    ("unknown tag", HEAD + "time_zone: !foo bar\n", "yaml", ["第 3 行", "!foo", "標記"]),
    ("python name tag", HEAD + "time_zone: !!python/name:os.system x\n", "yaml", ["第 3 行", "python/name", "標記"]),
    ("merge key", HEAD + "settings:\n  <<: {travel_time: 600}\n", "yaml", ["第 4 行", "合併鍵"]),
    ("int of a superscript", HEAD + "settings:\n  pursuers: !!int ²\n", "yaml", ["第 4 行", "²", "!!int"]),
    ("5,000-digit integer", HEAD + "settings:\n  pursuers: " + "9" * 5000 + "\n", "yaml", ["第 4 行", "100"]),
    (
        "5,000-digit integer in JSON",
        '{"name": "壞檔", "slug": "bad-file",\n "settings": {"pursuers": ' + "9" * 5000 + "}}",
        "json",
        ["第 2 行", "100"],
    ),
    (
        "syntax error",
        HEAD + "kingdoms: []\n- 許昌\n",
        "yaml",
        ["第 4 行", "YAML 語法錯誤", "找不到應有的鍵"],
    ),
]
# (what, the setting lowered, a file just over it, words): the demo world holds 12 cities, 12 roads, 29 officers
LIMITS = [
    ("file size", {"WORLD_FILE_MAX_BYTES": len(EXAMPLE.encode()) - 1}, EXAMPLE, ["世界檔最多", "KB"]),
    ("cities", {"WORLD_FILE_MAX_CITIES": 11}, EXAMPLE, ["最多 11 座城池"]),
    ("roads", {"WORLD_FILE_MAX_ROADS": 11}, EXAMPLE, ["最多 11 條道路"]),
    ("officers", {"WORLD_FILE_MAX_OFFICERS": 28}, EXAMPLE, ["最多 28 名人物"]),
]
DOORS = ["site new", "site replace", "api new", "api replace"]


@pytest.fixture
def user(db):
    return organiser()


@pytest.fixture
def draft(user):
    return campaign_import(actor=user, text=site_example(), fmt="yaml", slug="spring")


@pytest.fixture
def key(user):
    return token_create(user=user, name="doors", scope="act")[1]


def _send(door: str, user, key: str, text: str, fmt: str, save: bool):
    """The file sent in at `door` by its organiser, in Chinese: (status, the refusal's text)."""
    client = Client()
    if door.startswith("site"):
        client.force_login(user)
        client.cookies["django_language"] = "zh-hant"
        url = "/organise/new/upload/" if door == "site new" else "/c/spring/organise/world/upload/"
        if save:
            data = {"save": "1", "fmt": fmt, "text": text, "slug": "fresh"}
        else:
            data = {"file": SimpleUploadedFile(f"world.{fmt}", text.encode()), "slug": "fresh"}
        response = client.post(url, data)
        page = html.unescape(response.content.decode())
        refusal = page.split('id="world-refusal">', 1)[-1].split("</p>", 1)[0] if "world-refusal" in page else page
        return response.status_code, refusal
    url = "/api/v1/organise/campaigns/upload" if door == "api new" else "/api/v1/c/spring/organise/world/upload"
    body = json.dumps({"text": text, "fmt": fmt, "save": save, "slug": "fresh"})
    response = client.post(
        url, body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}", HTTP_ACCEPT_LANGUAGE="zh-hant"
    )
    return response.status_code, response.json().get("message", "")


def _refused_everywhere(user, key: str, door: str, text: str, fmt: str, words: list[str]) -> None:
    for save in (False, True):
        before = snapshot()
        status, refusal = _send(door, user, key, text, fmt, save)
        assert status == 400, (door, save, status, refusal[:300])
        for word in words:
            assert word in refusal, (door, save, word, refusal[:300])
        assert snapshot() == before


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize("what, text, fmt, words", CASES, ids=[c[0] for c in CASES])
def test_r1_a_malformed_world_file_is_refused_with_its_line_in_chinese_at_every_door(
    user, draft, key, door, what, text, fmt, words
):
    _refused_everywhere(user, key, door, text, fmt, words)


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize("what, limit, text, words", LIMITS, ids=[c[0] for c in LIMITS])
def test_r1_a_world_file_over_a_limit_is_refused_at_every_door(user, draft, key, door, what, limit, text, words):
    with override_settings(**limit):
        _refused_everywhere(user, key, door, text, "yaml", words)


def test_r1_a_chinese_world_file_just_within_the_size_limit_is_saved_by_the_site_s_form_and_the_api(user, key):
    """The preview's save form sends the text URL-encoded (a CJK character: nine bytes), the API as
    JSON (six): Django's body limit follows the world file's, else a file within it met Django's
    bare "Bad Request (400)" in English."""
    from urllib.parse import urlencode

    from django.conf import settings

    world = site_example().decode()  # (no officers: a world file names existing accounts only)
    room = settings.WORLD_FILE_MAX_BYTES - len(world.encode()) - 10
    text = world + "# " + "長" * (room // 3) + "\n"
    assert settings.WORLD_FILE_MAX_BYTES - 20 < len(text.encode()) <= settings.WORLD_FILE_MAX_BYTES
    client = Client()
    client.force_login(user)
    form = urlencode({"save": "1", "fmt": "yaml", "text": text, "slug": "by-form"})
    saved = client.post("/organise/new/upload/", form, content_type="application/x-www-form-urlencoded")
    assert saved.status_code == 302, saved.content[:300]
    body = json.dumps({"text": text, "save": True, "slug": "by-api"})
    answer = client.post(
        "/api/v1/organise/campaigns/upload", body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}"
    )
    assert answer.status_code == 200 and answer.json()["saved"], answer.content[:300]
