"""R3.2 and R3.3 in a real browser: an officer asks to move, both governors approve, and the
departure is on the board of the city left; the dashboard shows the officer on the road."""

from pathlib import Path

import pytest
from django.conf import settings

from campaign.models import Move
from tests.e2e.conftest import log_in
from tests.worlds import make_world

pytestmark = pytest.mark.e2e
SHOTS = Path(settings.VAR_DIR) / "screenshots"


@pytest.mark.django_db(transaction=True)
def test_r3_2_r3_3_ask_approve_and_see_departure_on_board(browser, live_server):
    world = make_world()
    slug = world.campaign.slug
    SHOTS.mkdir(parents=True, exist_ok=True)

    officer = log_in(browser, live_server, "guojia")  # 郭嘉, 12★, in 洛陽
    officer.goto(f"{live_server.url}/c/{slug}/moves/")
    officer.select_option("select[name=destination]", label="許昌")
    officer.click("text=申請移動")
    assert "待批准" in officer.inner_text(".messages")

    for governor in ("caoren", "xiahoudun"):  # 洛陽, then 許昌
        page = log_in(browser, live_server, governor)
        page.goto(f"{live_server.url}/c/{slug}/moves/")
        page.click('[data-officer="郭嘉"] >> text=批准')
        assert "已批准" in page.inner_text(".messages")

    assert Move.objects.get().status == Move.Status.TRAVELLING
    officer.goto(f"{live_server.url}/c/{slug}/boards/{world.city('洛陽').board.pk}/")
    assert "郭嘉 出發前往許昌" in officer.inner_text("table.threads")
    officer.click("text=郭嘉 出發前往許昌")
    assert "預計" in officer.inner_text("article.post")
    officer.screenshot(path=str(SHOTS / "departure-post.png"), full_page=True)

    officer.goto(f"{live_server.url}/c/{slug}/")
    road = officer.inner_text("table.road")
    assert "郭嘉" in road and "洛陽" in road and "許昌" in road
    officer.wait_for_selector("table.road time.countdown:has-text('還有')")  # a countdown in words
    officer.screenshot(path=str(SHOTS / "dashboard.png"), full_page=True)
