"""The dashboard: every city's defence values, presence (R2.6) and arrivals, in pinned queries."""

import pytest
from django.urls import reverse

from battles.services.march import march_start
from ops.demo import demo_spec
from orders.services.moves import move_order
from seasons.world.creation import world_create
from tests.worlds import World

# campaign, kingdoms (the filter), cities, officers present, moves on the road, sieges, armies,
# timers, roads (map); a page of a bigger world: no roads, one more for the moves arriving there.
DASHBOARD_QUERIES = 9
PAGED_QUERIES = 9


def big_world(extra_cities: int) -> World:
    spec = demo_spec()
    spec["cities"] += [{"name": f"城{i}", "kingdom": "魏", "kind": "frontier"} for i in range(extra_cities)]
    spec["roads"] += [("許昌", f"城{i}") for i in range(extra_cities)]
    spec["officers"] += [
        {"username": f"extra{i}", "name": f"將{i}", "kingdom": "魏", "stars": 5, "kind": "general", "city": f"城{i}"}
        for i in range(extra_cities)
    ]
    return World(world_create(spec=spec))


@pytest.mark.django_db
@pytest.mark.parametrize("extra_cities", [0, 40])
def test_dashboard_query_count_does_not_grow_with_the_world(client, django_assert_num_queries, extra_cities):
    world = big_world(extra_cities)
    move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world["徐晃"], "marshal")])
    march_start(actor=world["孫權"], target=world.city("合肥"), organisation=[(world["呂蒙"], "marshal")])
    world.online("曹仁")
    for name in ("dashboard", "dashboard-live"):
        with django_assert_num_queries(DASHBOARD_QUERIES):
            response = client.get(reverse(name, args=[world.campaign.slug]))
        assert response.status_code == 200
        assert response.content.decode().count("data-city=") == 12 + extra_cities


def test_r1_3_dashboard_shows_owner_kind_wall_and_governor(world, client):
    page = client.get(reverse("dashboard", args=[world.campaign.slug])).content.decode()
    row = page[page.index('data-city="許昌"') : page.index('data-city="洛陽"')]
    assert "魏" in row and "首都" in row and "800 / 800" in row and "夏侯惇" in row


def test_r2_6_dashboard_shows_who_is_online(world, client):
    world.online("曹仁")
    page = client.get(reverse("dashboard", args=[world.campaign.slug])).content.decode()
    row = page[page.index('data-city="洛陽"') : page.index('data-city="長安"')]
    assert 'class="officer online"' in row and "曹仁" in row
    assert row.count('class="officer online"') == 1  # 郭嘉 is there but not online


def test_the_dashboard_shows_officers_on_the_road_with_countdown(world, client):
    move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    page = client.get(reverse("dashboard-live", args=[world.campaign.slug])).content.decode()
    assert 'class="countdown"' in page
    assert move.arrives_at.strftime("%Y-%m-%dT%H:%M:%S") in page
    assert 'hx-trigger="every 5s"' in page


@pytest.mark.django_db
@pytest.mark.parametrize("page", [1, 2, 3])
def test_a_big_world_is_shown_a_page_of_cities_at_a_time_in_pinned_queries(
    client, settings, django_assert_num_queries, page
):
    """The first load is bounded: 5 cities a page here (100 by default), the same queries on every
    page, no map (a link to it instead), links to the next and previous pages."""
    settings.DASHBOARD_CITIES_PER_PAGE = 5
    world = big_world(3)  # 15 cities: pages of 5, 5, 5
    march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world["徐晃"], "marshal")])
    with django_assert_num_queries(PAGED_QUERIES):
        response = client.get(reverse("dashboard", args=[world.campaign.slug]), {"page": page})
    text = response.content.decode()
    assert response.status_code == 200
    assert text.count("data-city=") == 5
    assert "<svg" not in text and reverse("map", args=[world.campaign.slug]) in text
    assert ('rel="next"' in text) == (page < 3) and ('rel="prev"' in text) == (page > 1)


@pytest.mark.django_db
def test_the_kingdom_filter_shows_that_kingdoms_cities_and_nonsense_shows_the_first_page(world, client):
    url = reverse("dashboard", args=[world.campaign.slug])
    wei = world.campaign.kingdoms.get(name="魏")
    page = client.get(url, {"kingdom": wei.pk}).content.decode()
    cities = set(world.campaign.cities.filter(kingdom=wei).values_list("name", flat=True))
    shown = {chunk.split('"', 1)[0] for chunk in page.split('data-city="')[1:]}
    assert shown == cities and cities
    whole = client.get(url).content.decode().count("data-city=")
    for nonsense in ({"kingdom": "x"}, {"kingdom": "99999"}, {"page": "-1"}, {"page": "9" * 30}):
        response = client.get(url, nonsense)
        assert response.status_code == 200
        assert response.content.decode().count("data-city=") == whole
