"""§1 The world as a file (docs/world-files.md): export → import → export gives the same text;
every broken rule refused with its line (YAML) or field (JSON), and nothing created."""

import json
import time
from pathlib import Path

import pytest
import yaml
from django.contrib.auth import get_user_model

from campaign.models import Campaign, Kingdom, Officer
from cities.models import City
from forum.models import Board
from ops.demo import demo_spec
from seasons.world.creation import world_create
from seasons.world.export import world_export
from seasons.world.importing import world_import
from seasons.world.parse import world_parse
from tests.seasons.world_files import accounts_made, generated_world

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "demo-world.yaml"


def _round_trip(campaign: Campaign, fmt: str) -> None:
    text = world_export(campaign, fmt=fmt)
    Campaign.objects.filter(pk=campaign.pk).update(slug=f"{campaign.slug}-before")  # its address freed
    again = world_import(text=text, fmt=fmt)
    assert world_export(again, fmt=fmt) == text


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_r1_demo_round_trip_export_import_export_same_text(fmt):
    _round_trip(world_create(spec=demo_spec()), fmt)


@pytest.mark.django_db
def test_r1_example_file_is_the_demo_world_as_exported():
    assert world_export(world_create(spec=demo_spec())) == EXAMPLE.read_text(encoding="utf-8")


def test_r1_example_file_describes_what_demo_spec_builds():
    spec = world_parse(text=EXAMPLE.read_bytes(), fmt="yaml")
    demo = demo_spec()
    assert [k["name"] for k in spec["kingdoms"]] == [k["name"] for k in demo["kingdoms"]]
    assert spec["cities"] == demo["cities"]
    assert {frozenset(r) for r in spec["roads"]} == {frozenset(r) for r in demo["roads"]}
    assert [(o["username"], o["city"], o["stars"]) for o in spec["officers"]] == [
        (o["username"], o["city"], o["stars"]) for o in demo["officers"]
    ]


@pytest.mark.alone  # timed: under 20 s
@pytest.mark.django_db
def test_r1_generated_world_of_50_kingdoms_and_1000_cities_round_trip():
    started = time.perf_counter()
    data = generated_world()
    accounts_made(data)
    campaign = world_import(text=json.dumps(data, ensure_ascii=False), fmt="json")
    assert (campaign.kingdoms.count(), campaign.cities.count(), campaign.roads.count()) == (50, 1000, 1000)
    _round_trip(campaign, "yaml")
    assert time.perf_counter() - started < 20  # else: mark it slow


@pytest.mark.django_db
def test_r1_5_imported_officers_are_on_existing_accounts_and_hold_their_posts():
    accounts_made(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))
    users = get_user_model().objects.count()
    campaign = world_import(text=EXAMPLE.read_text(encoding="utf-8"))
    caocao = Officer.objects.get(campaign=campaign, name="曹操")
    assert caocao.user.username == "caocao" and get_user_model().objects.count() == users
    assert Kingdom.objects.get(campaign=campaign, name="魏").king == caocao
    assert City.objects.get(campaign=campaign, name="許昌").governor.name == "夏侯惇"
    assert Board.objects.filter(campaign=campaign).count() == 12 + 3


@pytest.mark.django_db
def test_r1_4_cities_without_coordinates_get_them_once_at_import():
    data = generated_world(3, 12, officers=False)
    for city in data["cities"][4:]:
        del city["x"], city["y"]
    campaign = world_import(text=json.dumps(data), fmt="json")
    cities = list(City.objects.filter(campaign=campaign).order_by("position"))
    assert all(c.map_x is not None and c.map_y is not None for c in cities)
    assert (cities[0].map_x, cities[0].map_y) == (0, 0)  # the placed keep theirs
    assert len({(c.map_x, c.map_y) for c in cities}) == 12


@pytest.mark.django_db
def test_r1_3_a_wall_below_its_kind_starts_there():
    data = generated_world(2, 6, officers=False)
    data["cities"][1]["wall"] = 120
    campaign = world_import(text=json.dumps(data), fmt="json")
    city = City.objects.get(campaign=campaign, name=data["cities"][1]["name"])
    assert (city.wall, city.wall_start, city.wall_max) == (120, 120, 300)
    assert "wall: 120" in world_export(campaign)


@pytest.mark.django_db
def test_r1_4_every_city_of_a_saved_world_is_placed_so_no_page_lays_out(client, monkeypatch):
    """Cities placed once, when the world is saved (a file's import and world_create alike): the
    map's page only reads coordinates."""
    from cities import layout

    data = generated_world(4, 40, officers=False)
    for city in data["cities"]:
        del city["x"], city["y"]
    spec = demo_spec()
    for city in spec["cities"]:
        del city["x"], city["y"]
    for campaign in (world_import(text=json.dumps(data), fmt="json"), world_create(spec=spec)):
        cities = list(City.objects.filter(campaign=campaign))
        assert cities and all(c.map_x is not None and c.map_y is not None for c in cities)
        assert len({(c.map_x, c.map_y) for c in cities}) == len(cities)
    monkeypatch.setattr(layout, "spring_layout", lambda *a, **k: pytest.fail("the page laid the map out"))
    monkeypatch.setattr(layout, "_pushes", lambda *a, **k: pytest.fail("the page laid the map out"))
    page = client.get(f"/c/{campaign.slug}/map/")
    assert page.status_code == 200 and page.content.decode().count("data-map-city=") == 12
