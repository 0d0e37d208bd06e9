"""推/噓/→ comments in a real browser on a phone (390 px): an officer pushes a post from its
thread page, sees the line under the post with its time, a second push within 90 seconds is
written as → with the reason said, the board's thread list shows the count, and no page
scrolls sideways."""

from pathlib import Path

import pytest
from django.conf import settings

from forum.services.boards import thread_create
from tests.e2e.conftest import log_in
from tests.worlds import make_world

pytestmark = pytest.mark.e2e
SHOTS = Path(settings.VAR_DIR) / "screenshots"
PHONE = {"width": 390, "height": 844}


@pytest.mark.django_db(transaction=True)
def test_an_officer_pushes_a_post_on_a_phone_and_sees_it_and_the_count(browser, live_server):
    world = make_world()
    slug = world.campaign.slug
    board = world.city("洛陽").board
    thread = thread_create(actor=world["郭嘉"], board=board, title="獻策：夜襲許昌", body="奇謀" * 40)
    SHOTS.mkdir(parents=True, exist_ok=True)

    page = log_in(browser, live_server, "caoren")  # 曹仁, 洛陽's governor
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/c/{slug}/threads/{thread.pk}/")
    page.fill(".comment-form input[name=text]", "好計！" + "夜襲" * 10)
    page.click(".comment-form button[value=push]")
    line = page.locator(".comment.push").first
    assert line.inner_text().startswith("推 曹仁: 好計！")
    assert "/" in line.locator("time").inner_text()  # MM/DD HH:MM
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.fill(".comment-form input[name=text]", "再推")  # too soon: written as →
    page.press(".comment-form input[name=text]", "Enter")  # Enter: the first button, 推
    assert "時間太近" in page.inner_text(".messages")
    assert page.locator(".comment.arrow").inner_text().startswith("→ 曹仁: 再推")
    page.screenshot(path=str(SHOTS / "comments-phone.png"), full_page=True)

    page.goto(f"{live_server.url}/c/{slug}/boards/{board.pk}/")
    row = page.locator("table.threads tr", has_text="獻策：夜襲許昌")
    assert row.locator("td.score").inner_text() == "1"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
