"""The analysis after a game in a real browser: the card says "analysis pending" and turns into
the evaluation chart, the marked blunder and the engine's move without a reload once the engine
is done (htmx asks again); at 390 px (a phone) and 1280 px (a desktop) the page does not scroll
sideways and the chart fills its card."""

from pathlib import Path

import pytest
import time_machine
from django.conf import settings

from analysis.services import analysis_run
from tests.analysis.test_analysis import XIANGQI_BLUNDER, decided_by_resignation
from tests.worlds import START, make_world

pytestmark = pytest.mark.e2e
SHOTS = Path(settings.VAR_DIR) / "screenshots"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 900}])
def test_the_pending_analysis_becomes_the_chart_without_a_reload(browser, live_server, viewport, settings):
    settings.ANALYSIS_MOVE_MS = 40
    with time_machine.travel(START, tick=False) as traveller:
        world = make_world()
        game = decided_by_resignation(world, traveller, XIANGQI_BLUNDER)
    context = browser.new_context(locale="en", viewport=viewport)
    context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/c/{world.campaign.slug}/games/{game.pk}/")
    assert "Analysis pending" in page.inner_text("#analysis")
    analysis_run(game_id=game.pk)
    page.wait_for_selector("#analysis[data-analysis=done] svg.eval-chart", timeout=15_000)
    card = page.inner_text("#analysis")
    assert "C5+4??" in card and "blunder" in card and "best" in card, "WXF for a reader of English"
    chart, box = page.locator("svg.eval-chart").bounding_box(), page.locator("#analysis").bounding_box()
    assert chart["width"] >= box["width"] * 0.8, "the chart fills its card"
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"analysis-{viewport['width']}.png"), full_page=True)
