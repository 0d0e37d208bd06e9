"""Layout: at 390 px wide (a phone) no page of a campaign in mid-war scrolls
sideways, names never break one character per line, and the game page's move list does not
overlap the board — measured in Chromium with a CJK font (installed by .ci/run), logged out and
logged in as an officer, a governor and a king."""

from pathlib import Path

import pytest
import time_machine
from django.conf import settings

from tests.e2e.conftest import log_in
from tests.pages.test_words import later_in_the_war, pages
from tests.pages.worlds import build
from tests.worlds import START

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
SHOTS = Path(settings.VAR_DIR) / "screenshots"

# Every inline name (officers, cities) whose box breaks over more than one line.
BROKEN_NAMES = """
[...document.querySelectorAll('a.officer-link, .city-name, td[data-label] a')]
  .filter(el => el.getClientRects().length > 1)
  .map(el => el.textContent.trim())
"""
OVERLAP = """
(() => {
  const a = document.querySelector('.replay .board'), b = document.querySelector('.replay .moves');
  if (!a || !b) return false;
  const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
  return !(r.right <= s.left || s.right <= r.left || r.bottom <= s.top || s.bottom <= r.top);
})()
"""


@pytest.mark.django_db(transaction=True)
def test_no_page_scrolls_sideways_at_390_px(browser, live_server):
    with time_machine.travel(START, tick=False) as traveller:
        world, objects = build(traveller, 1)
        later_in_the_war(traveller, world, objects)
    urls = [url for url in pages(world, objects) if not url.endswith("/live/")]  # pages, not their live parts
    SHOTS.mkdir(parents=True, exist_ok=True)
    wide, broken, overlapping = {}, {}, []
    for visitor in ("anonymous", "guojia", "zhangfei", "sunquan"):
        if visitor == "anonymous":
            page = browser.new_context(locale="zh-TW", viewport=PHONE).new_page()
        else:
            page = log_in(browser, live_server, visitor)
            page.set_viewport_size(PHONE)
        for url in urls:
            response = page.goto(f"{live_server.url}{url}")
            if response.status != 200:
                continue
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                wide[f"{url} ({visitor})"] = width
            names = page.evaluate(BROKEN_NAMES)
            if names:
                broken[f"{url} ({visitor})"] = names[:5]
            if page.evaluate(OVERLAP):
                overlapping.append(f"{url} ({visitor})")
            if visitor == "zhangfei":  # what a governor sees on a phone
                name = url.strip("/").replace("/", "-") or "home"
                page.screenshot(path=str(SHOTS / f"phone-{name}.png"), full_page=True)
        page.context.close()
    desk = browser.new_context(locale="zh-TW", viewport={"width": 1100, "height": 800}).new_page()
    desk.goto(f"{live_server.url}/c/{world.campaign.slug}/map/")
    desk.screenshot(path=str(SHOTS / "map.png"), full_page=True)
    desk.context.close()
    assert not wide, f"pages wider than 390 px: {wide}"
    assert not broken, f"names broken over lines: {broken}"
    assert not overlapping, f"move list over the board: {overlapping}"
