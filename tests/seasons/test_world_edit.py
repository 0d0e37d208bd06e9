"""A draft's world typed in forms (§1): kingdoms with colour and capital (R1.2), cities with kind,
owner or neutral and wall (R1.3), roads (R1.4), a city's place on the map. Each edit is held to
the world file's checks; a refused edit changes nothing; the world changes in draft only."""

import pytest
from django.utils import translation

from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Kingdom
from cities.models import City, Road
from forum.models import Board
from seasons.services.world_edit import (
    city_add,
    city_place,
    city_remove,
    city_update,
    kingdom_add,
    kingdom_remove,
    kingdom_update,
    road_add,
    road_remove,
)
from seasons.world.export import world_export
from tests.seasons.test_organise import draft, organiser


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def user(db):
    return organiser()


@pytest.fixture
def campaign(user):
    """A draft with 魏 (capital 許昌) and a neutral frontier city 洛陽 on the road from it."""
    campaign = draft(user)
    wei = kingdom_add(actor=user, campaign=campaign, name="魏", colour="#2f5d9e", capital="許昌")
    city_add(actor=user, campaign=campaign, name="洛陽", kind="frontier", kingdom=None, road_to=wei.capital)
    return campaign


def city(campaign, name):
    return City.objects.get(campaign=campaign, name=name)


def unchanged(campaign):
    return world_export(Campaign.objects.get(pk=campaign.pk))


def test_r1_2_a_kingdom_comes_with_its_palace_board_and_a_new_capital_city(campaign):
    wei = Kingdom.objects.get(campaign=campaign, name="魏")
    assert wei.capital.name == "許昌" and wei.capital.kind == "capital" and wei.capital.wall == 800
    assert Board.objects.filter(kingdom=wei, kind=Board.Kind.PALACE).exists()
    assert Board.objects.filter(city=wei.capital).exists()
    assert wei.capital.map_x is not None  # placed once, when saved


def test_r1_2_a_neutral_city_named_as_capital_becomes_the_kingdom_s(user, campaign):
    shu = kingdom_add(actor=user, campaign=campaign, name="蜀", colour="#2e7d32", capital="洛陽")
    assert city(campaign, "洛陽").kingdom == shu and shu.capital == city(campaign, "洛陽")


def test_r1_2_a_capital_owned_by_another_kingdom_is_refused(user, campaign):
    before = unchanged(campaign)
    with pytest.raises(RuleViolation, match="owned by"):
        kingdom_add(actor=user, campaign=campaign, name="蜀", colour="#2e7d32", capital="許昌")
    assert unchanged(campaign) == before


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"name": "洛陽", "kind": "frontier"}, "twice"),
        ({"name": "長安", "kind": "fortress"}, "Unknown kind"),
        ({"name": "長安", "kind": "frontier", "wall": 301}, "above"),
        ({"name": "長安", "kind": "frontier", "road": False}, "cannot be reached"),
    ],
)
def test_r1_3_a_city_breaking_a_world_rule_is_refused_and_nothing_changes(user, campaign, fields, words):
    before = unchanged(campaign)
    road_to = None if fields.pop("road", True) is False else city(campaign, "許昌")
    with pytest.raises(RuleViolation, match=words):
        city_add(actor=user, campaign=campaign, kingdom=None, road_to=road_to, **fields)
    assert unchanged(campaign) == before


def test_r1_3_a_city_is_renamed_changes_kind_owner_and_wall_everywhere_it_is_named(user, campaign):
    wei = Kingdom.objects.get(campaign=campaign)
    city_update(actor=user, city=city(campaign, "洛陽"), name="雒陽", kind="buffer", kingdom=wei, wall=400)
    moved = city(campaign, "雒陽")
    assert (moved.kind, moved.kingdom, moved.wall, moved.wall_max) == ("buffer", wei, 400, 500)
    assert Road.objects.filter(campaign=campaign, b=moved).exists() or Road.objects.filter(a=moved).exists()


def test_r1_2_a_capital_given_to_another_kingdom_is_refused(user, campaign):
    shu = kingdom_add(actor=user, campaign=campaign, name="蜀", colour="#2e7d32", capital="成都")
    with pytest.raises(RuleViolation, match="owned by"):
        city_update(actor=user, city=city(campaign, "許昌"), name="許昌", kind="capital", kingdom=shu, wall=None)


def test_r1_4_roads_added_once_and_removed_unless_a_city_is_cut_off(user, campaign):
    before = unchanged(campaign)
    with pytest.raises(RuleViolation, match="twice"):
        road_add(actor=user, campaign=campaign, a=city(campaign, "洛陽"), b=city(campaign, "許昌"))
    road = Road.objects.get(campaign=campaign)
    with pytest.raises(RuleViolation, match="cannot be reached"):
        road_remove(actor=user, road=road)
    assert unchanged(campaign) == before
    wan = city_add(
        actor=user, campaign=campaign, name="宛", kind="frontier", kingdom=None, road_to=city(campaign, "洛陽")
    )
    road_add(actor=user, campaign=campaign, a=wan, b=city(campaign, "許昌"))
    road_remove(actor=user, road=road)
    assert Road.objects.filter(campaign=campaign).count() == 2


def test_r1_2_a_capital_is_not_removed_but_another_city_is(user, campaign):
    with pytest.raises(RuleViolation, match="capital"):
        city_remove(actor=user, city=city(campaign, "許昌"))
    city_remove(actor=user, city=city(campaign, "洛陽"))
    assert list(City.objects.filter(campaign=campaign).values_list("name", flat=True)) == ["許昌"]
    assert not Road.objects.filter(campaign=campaign).exists()


def test_r1_2_a_kingdom_renamed_recoloured_and_removed_leaving_its_cities_neutral(user, campaign):
    wei = Kingdom.objects.get(campaign=campaign)
    kingdom_update(actor=user, kingdom=wei, name="曹魏", colour="#123456", capital=city(campaign, "許昌"))
    assert city(campaign, "許昌").kingdom.name == "曹魏"
    with pytest.raises(RuleViolation, match="colour"):
        kingdom_update(actor=user, kingdom=wei, name="曹魏", colour="blue", capital=city(campaign, "許昌"))
    kingdom_add(actor=user, campaign=campaign, name="蜀", colour="#2e7d32", capital="洛陽")
    kingdom_remove(actor=user, kingdom=wei)  # 許昌 neutral, reached by its road from 蜀's capital
    assert city(campaign, "許昌").kingdom is None and not Kingdom.objects.filter(name="曹魏").exists()
    shu = Kingdom.objects.get(campaign=campaign, name="蜀")
    with pytest.raises(RuleViolation, match="cannot be reached"):  # then nothing reaches 許昌
        kingdom_remove(actor=user, kingdom=shu)


def test_r1_1_the_world_changes_in_draft_only_and_by_its_organisers(user, campaign):
    stranger = organiser("stranger")
    with pytest.raises(NotAllowed):
        city_add(actor=stranger, campaign=campaign, name="宛", kind="frontier", kingdom=None)
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.ENROLMENT)
    campaign.refresh_from_db()
    with pytest.raises(RuleViolation, match="draft"):
        road_remove(actor=user, road=Road.objects.get(campaign=campaign))
    wei = Kingdom.objects.get(campaign=campaign)
    with pytest.raises(RuleViolation, match="draft"):
        kingdom_remove(actor=user, kingdom=wei)


def test_r1_4_a_city_is_placed_on_the_map_before_the_war(user, campaign):
    city_place(actor=user, city=city(campaign, "洛陽"), x=120.5, y=-40)
    assert (city(campaign, "洛陽").map_x, city(campaign, "洛陽").map_y) == (120.5, -40)
    with pytest.raises(RuleViolation, match="two numbers"):
        city_place(actor=user, city=city(campaign, "洛陽"), x=float("nan"), y=0)
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.WAR)
    with pytest.raises(RuleViolation, match="before the war"):
        city_place(actor=user, city=city(campaign, "洛陽"), x=1, y=1)
