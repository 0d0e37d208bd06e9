"""The map of a large world is drawn once per world version and kept compressed
(dashboard/map_drawn.py): a second reader of the same version gets it without a query for the map
and without drawing it, compressed; a change to the world draws it anew (R1.3, R1.4: what the map
shows is the world as it stands)."""

import gzip

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cities.models import City
from dashboard.map_drawn import drawings
from tests.worlds import make_world


def _read(client: Client, url: str):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers={"accept-encoding": "gzip"})
    return response, len(queries)


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["map", "map/live"])
def test_r1_4_the_second_anonymous_view_of_the_map_draws_nothing_and_is_compressed(world, page):
    url = f"/c/{world.campaign.slug}/{page}/"
    first, first_queries = _read(Client(), url)
    made = drawings["made"]
    second, second_queries = _read(Client(), url)
    assert first.status_code == second.status_code == 200
    assert drawings["made"] == made  # not drawn again
    assert second_queries == 1 < first_queries  # the campaign only; none for the map
    assert second["Content-Encoding"] == "gzip"
    body = gzip.decompress(second.content).decode()
    assert body.count("data-map-city=") == 12 and body.count("<line ") == 12


@pytest.mark.django_db(transaction=True)
def test_r1_3_a_change_to_the_world_draws_the_map_anew(clock):
    world = make_world()
    url = f"/c/{world.campaign.slug}/map/live/"
    Client().get(url)
    City.objects.filter(pk=world.city("洛陽").pk).update(wall=1)  # a watched write: a new world version
    made = drawings["made"]
    body = Client().get(url).content.decode()
    assert drawings["made"] == made + 1 and 'data-wall="1"' in body
