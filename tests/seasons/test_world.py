"""§1 The world: campaigns, kingdoms, cities, roads, officers."""

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction

from campaign.models import Campaign, Kingdom, Officer, Whereabouts
from cities.models import City, Road
from forum.models import Board
from tests.worlds import make_world


def test_r1_1_campaign_has_zone_and_settings_defaults(world):
    c = world.campaign
    assert c.time_zone == "Asia/Taipei"
    assert c.travel_time == timedelta(minutes=20)
    assert c.online_window == timedelta(minutes=15)
    assert c.king_orders_from_stars == 21


@pytest.mark.django_db
def test_r1_1_several_campaigns_on_one_site():
    first = make_world()
    from ops.demo import demo_spec

    second_spec = demo_spec()
    second_spec.update(slug="second", name="Second season", time_zone="Europe/London")
    for o in second_spec["officers"]:
        o["username"] += "-2"
    from seasons.world.creation import world_create

    second = world_create(spec=second_spec)
    assert Campaign.objects.count() == 2
    assert City.objects.filter(campaign=second).count() == City.objects.filter(campaign=first.campaign).count() == 12
    assert second.time_zone == "Europe/London"


def test_r1_2_kingdom_has_king_capital_palace_and_status(world):
    wei = Kingdom.objects.select_related("king", "capital", "palace").get(campaign=world.campaign, name="魏")
    assert wei.king.name == "曹操"
    assert wei.capital.name == "許昌"
    assert wei.palace.kind == Board.Kind.PALACE
    assert wei.status == Kingdom.Status.ACTIVE


def test_r1_3_city_kind_sets_wall_and_maximum(world):
    walls = {c.name: (c.kind, c.wall, c.wall_max) for c in City.objects.filter(campaign=world.campaign)}
    assert walls["許昌"] == ("capital", 800, 800)
    assert walls["漢中"] == ("buffer", 500, 500)
    assert walls["洛陽"] == ("frontier", 300, 300)
    assert Board.objects.filter(kind=Board.Kind.CITY, city__campaign=world.campaign).count() == 12


def test_r7_decision_the_wall_stays_within_zero_and_its_maximum(world):
    city = world.city("洛陽")
    with pytest.raises(IntegrityError), transaction.atomic():
        City.objects.filter(pk=city.pk).update(wall=301)


def test_r1_4_roads_join_adjacent_cities(world):
    assert Road.objects.filter(campaign=world.campaign).count() == 12
    with pytest.raises(IntegrityError), transaction.atomic():
        a, b = world.city("許昌"), world.city("洛陽")
        low, high = sorted((a, b), key=lambda c: c.pk)
        Road.objects.create(campaign=world.campaign, a=low, b=high)


def test_r1_5_officer_has_exactly_one_whereabouts(world):
    officer = world["張遼"]
    assert officer.whereabouts == Whereabouts.CITY and officer.city.name == "合肥"
    with pytest.raises(IntegrityError), transaction.atomic():  # on the road yet in a city
        Officer.objects.filter(pk=officer.pk).update(whereabouts=Whereabouts.ROAD)
    with pytest.raises(IntegrityError), transaction.atomic():  # in a city with no city
        Officer.objects.filter(pk=officer.pk).update(city=None)


def test_r1_5_stars_are_1_to_25(world):
    with pytest.raises(IntegrityError), transaction.atomic():
        Officer.objects.filter(pk=world["張遼"].pk).update(stars=26)


def test_r1_6_demo_has_every_kind_and_star_range(world):
    officers = Officer.objects.filter(campaign=world.campaign)
    assert set(officers.values_list("kind", flat=True)) == {"general", "administrator", "historian", "strategist"}
    stars = set(officers.values_list("stars", flat=True))
    assert min(stars) <= 6 and max(stars) == 25 and any(s > 20 for s in stars) and any(s <= 20 for s in stars)
    assert 24 <= officers.count() <= 36
