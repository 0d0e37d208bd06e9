"""The map: every city where the campaign placed it (or laid out when it did not),
coloured by owner with its wall as a bar, the roads, a marching army drawn along its road at the
point it has reached, a besieged city ringed — on its own page and on the dashboard."""

import re
from datetime import timedelta

import pytest

from battles.services.march import march_start
from ops.demo import demo_spec
from seasons.world.creation import world_create
from tests.worlds import World, arrive


def circles(page: str) -> dict[str, tuple[float, float]]:
    found = {}
    for name, x, y in re.findall(
        r'data-map-city="([^"]+)">.*?<circle cx="([\d.]+)" cy="([\d.]+)" r="\d+" fill', page, re.S
    ):
        found[name] = (float(x), float(y))
    return found


@pytest.mark.django_db
def test_map_draws_cities_roads_and_a_marching_army_halfway(client, world, clock):
    army = march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world["徐晃"], "marshal")])
    clock.shift((army.arrives_at - army.departs_at) / 2)
    page = client.get(f"/c/{world.campaign.slug}/map/").content.decode()
    spots = circles(page)
    assert len(spots) == 12 and page.count("<line ") == 12  # the demo's cities and roads (R1.3, R1.4)
    assert spots["成都"][0] < spots["建業"][0]  # the demo's cities lie as on the land: west to east
    (x, y) = map(float, re.search(r'<polygon points="([\d.]+),([\d.]+)', page).groups())
    (ax, ay), (bx, by) = spots["長安"], spots["漢中"]
    assert abs(x - (ax + bx) / 2) < 2 and abs(y + 13 - (ay + by) / 2) < 2  # half the way after half the time
    assert 'class="siege-ring"' not in page


@pytest.mark.django_db
def test_map_marks_a_siege_and_lowers_the_wall_bar(client, world, clock):
    army = march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world["徐晃"], "marshal")])
    arrive(clock, army, world)
    page = client.get(f"/c/{world.campaign.slug}/").content.decode()  # the dashboard carries the map
    ringed = re.search(r'data-map-city="漢中">.*?</a>', page, re.S).group(0)
    assert 'class="siege-ring"' in ringed and 'data-wall="500"' in ringed


@pytest.mark.django_db
def test_cities_without_coordinates_are_laid_out_apart(client, clock):
    spec = demo_spec()
    for city in spec["cities"]:
        city.pop("x"), city.pop("y")
    world = World(world_create(spec=spec))
    spots = list(circles(client.get(f"/c/{world.campaign.slug}/map/").content.decode()).values())
    assert len(spots) == 12
    closest = min(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for i, a in enumerate(spots) for b in spots[i + 1 :])
    assert closest > 40  # no city drawn on another (circles are at most 40 across)
    clock.shift(timedelta(seconds=1))
    assert circles(client.get(f"/c/{world.campaign.slug}/map/").content.decode()) == circles(
        client.get(f"/c/{world.campaign.slug}/map/").content.decode()
    )  # the same layout on every load
