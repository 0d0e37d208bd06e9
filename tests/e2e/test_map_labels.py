"""R1.4 The war map at 390 px (a phone) writes every city's name where it covers no other name, no
city's circle and no wall's bar, and large enough to read; at 1280 px too. The demo with five more
cities on 長安's roads crowded them: 城4's name lay on 成都's wall, 合肥's beside 濡須's."""

import pytest

from seasons.world.creation import world_create
from tests.e2e.conftest import log_in
from tests.pages.worlds import spec
from tests.worlds import World

pytestmark = pytest.mark.e2e

# Each drawn name's box against every other name's and every city's circle and wall bar (the
# name's own city's too): the pairs that intersect, by their text.
COVERED = """
(() => {
  const map = document.querySelector('#map-live svg');
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const meets = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  const names = [...map.querySelectorAll('.city-name')].map(t => [t.textContent, box(t)]);
  const marks = [...map.querySelectorAll('.cities a')].flatMap(a => {
    const city = a.dataset.mapCity;
    return [...a.querySelectorAll('circle, rect')].map(m => [city, box(m)]);
  });
  const hits = [];
  names.forEach(([name, b], i) => {
    names.slice(i + 1).forEach(([other, c]) => { if (meets(b, c)) hits.push(name + ' / ' + other); });
    marks.forEach(([city, c]) => { if (meets(b, c)) hits.push(name + ' on ' + city); });
  });
  return {hits, count: names.length, height: names.length ? names[0][1][3] - names[0][1][1] : 0};
})()
"""


@pytest.mark.django_db(transaction=True)
def test_r1_4_the_map_s_names_cover_no_name_city_or_wall_at_390_and_1280_px(browser, live_server):
    world = World(world_create(spec=spec(5)))  # 17 cities: the demo's and 城0–城4 round 長安
    page = log_in(browser, live_server, "zhangfei")
    for width, least in ((390, 11), (1280, 14)):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(f"{live_server.url}/c/{world.campaign.slug}/map/")
        drawn = page.evaluate(COVERED)
        assert drawn["hits"] == [], (width, drawn["hits"])
        assert drawn["count"] == 17, (width, drawn)  # every name found a free place here
        assert drawn["height"] >= least, (width, drawn)  # and is read without zooming
