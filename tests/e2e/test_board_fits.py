"""R11.1 The live board is whole in the window, unscrolled, on a desktop of 1280×800 and 1280×900,
for red and for black (the board turned for black): at 1280×900 red's back rank fell below the
fold (the board's size was reckoned from the window's height alone, not from where it starts)."""

from datetime import timedelta

import pytest

from tests.e2e.test_game_page import log_in
from tests.e2e.test_live_play import pending_game
from tests.worlds import make_world

pytestmark = pytest.mark.e2e
SIZES = [{"width": 1280, "height": 800}, {"width": 1280, "height": 900}]


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "1280x900"])
def test_r11_1_the_live_board_is_whole_and_unscrolled_for_both_colours(browser, asgi_server, size):
    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    game = pending_game(world)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/games/{game.pk}/"
    pages = {side: log_in(browser, asgi_server, name, size) for side, name in (("red", "xuchu"), ("black", "weiyan"))}
    for page in pages.values():
        page.goto(url)
        page.wait_for_selector("#live[data-connected='1']")
        page.click("[data-live=ready]")
    for side, page in pages.items():
        page.wait_for_selector("#live.playing")
        page.evaluate("window.scrollTo(0, 0)")
        box = page.evaluate(
            "(() => { const r = document.querySelector('#live-board svg').getBoundingClientRect();"
            " return {top: r.top, bottom: r.bottom, width: r.width, height: innerHeight, y: scrollY}; })()"
        )
        assert box["y"] == 0 and box["top"] >= 0, (side, box)
        assert box["bottom"] <= box["height"], (side, size, box)
        assert box["width"] >= 400, (side, size, box)  # still a board to play on
