"""Letters (站內信) in a real browser, on a phone's width (390 px): an officer writes from the
recipient's officer page; the recipient, with a page open, is told at once (the outbox row, a real
Celery worker, the channel layer, the page's websocket): a notice names the sender, the menu's
letter count goes to 1 and the duties' count does not move; reading the letter brings it back to
0. No page of the letters scrolls sideways."""

import pytest

from forum.models import Letter
from tests.e2e.conftest import log_in
from tests.worlds import make_world

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}


def _narrow(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], (page.url, width)


def test_a_letter_reaches_the_recipients_open_page_and_is_read_there(browser, asgi_server, start_worker):
    world = make_world()
    start_worker(sweep_seconds=1)
    slug, site = world.campaign.slug, asgi_server.url
    reader = log_in(browser, asgi_server, "xunyu")
    reader.set_viewport_size(PHONE)
    reader.goto(f"{site}/c/{slug}/letters/")
    reader.wait_for_selector("#notices[data-connected='1']", state="attached")
    assert reader.inner_text("#letter-count") == "0"
    duties = reader.inner_text("#duty-count")
    _narrow(reader)

    writer = log_in(browser, asgi_server, "guojia")
    writer.set_viewport_size(PHONE)
    writer.goto(f"{site}/c/{slug}/officers/{world['荀彧'].pk}/")
    writer.click("a.write-letter")
    assert writer.input_value("input[name=recipient]") == "荀彧"
    _narrow(writer)
    writer.fill("input[name=subject]", "軍糧")
    writer.fill("textarea[name=body]", "洛陽**糧草**將盡")
    writer.click("#compose button[type=submit]")
    writer.wait_for_url(f"{site}/c/{slug}/letters/sent/")
    assert "軍糧" in writer.inner_text("table.letters")
    _narrow(writer)

    letter = Letter.objects.get()
    notice = reader.wait_for_selector(f".notice[data-key='letter:{letter.pk}']", timeout=15_000)
    assert "郭嘉" in notice.inner_text() and "軍糧" in notice.inner_text()
    reader.wait_for_function("document.getElementById('letter-count').textContent === '1'", timeout=15_000)
    assert reader.inner_text("#duty-count") == duties, "a letter is not a duty"
    reader.reload()
    assert reader.locator(f"tr.unread[data-letter='{letter.pk}']").count() == 1
    reader.click(f"tr[data-letter='{letter.pk}'] a[href$='/letters/{letter.pk}/']")
    reader.wait_for_selector("article.letter strong:has-text('糧草')")
    assert reader.inner_text("#letter-count") == "0"
    _narrow(reader)
    reader.fill("#reply textarea[name=body]", "即刻押運")
    reader.click("#reply button[type=submit]")
    reader.wait_for_url(f"{site}/c/{slug}/letters/sent/")
    assert Letter.objects.filter(sender__name="荀彧", recipient__name="郭嘉", reply_to=letter).exists()
