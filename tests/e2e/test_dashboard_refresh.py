"""In a real browser: the dashboard's 5-second refresh is revalidated by Chromium with
the ETag it holds and answered 304 while nothing changed; a committed change (a wall, R7.1's
ledger) reaches the open page at the next refresh. Served with websockets (daphne), the open
page does not poll at all: the changed row is pushed to it within a second or two."""

import time

import pytest

from battles.services.ledger import value_change
from campaign import clock
from tests.worlds import make_world

pytestmark = pytest.mark.e2e


@pytest.mark.django_db(transaction=True)
def test_an_open_dashboard_gets_304s_then_the_change(browser, live_server):
    world = make_world()
    page = browser.new_context(locale="zh-TW").new_page()
    polls = []  # (the validator the browser sent, the ETag of the answer it used)

    def on_response(response):
        if response.url.endswith("/live/"):
            polls.append((response.request.all_headers().get("if-none-match"), response.all_headers().get("etag")))

    page.on("response", on_response)
    page.goto(f"{live_server.url}/c/{world.campaign.slug}/")
    row = 'tr[data-city="漢中"] .wall-value'
    before = page.inner_text(row)
    for _ in range(3):  # refreshes with nothing changed
        with page.expect_response(lambda r: r.url.endswith("/live/"), timeout=12_000):
            pass
    # Chromium sends the ETag it holds and, on a 304, hands htmx its stored copy (Playwright then
    # reports 200): the answer's tag is the 304's own (strong; the first 200's went through the
    # compression middleware, which weakens it). A new minute changes the tag once (R2.6's
    # online flags are counted in minutes), so at least one of the two or more revalidations.
    revalidated = [(sent, got) for sent, got in polls if sent]
    assert len(revalidated) >= 2, polls
    assert any(got == sent.removeprefix("W/") for sent, got in revalidated), polls
    city = world.city("漢中")
    expected = f"{city.wall - 7} / {city.wall_max}"
    value_change(
        key="e2e:wall",
        city=city,
        delta=-7,
        clause="R7.1",
        cause="daily",
        names={},
        due_at=clock.now(),
    )
    page.wait_for_function(
        "([selector, text]) => document.querySelector(selector).innerText.trim() === text",
        arg=[row, expected],
        timeout=15_000,
    )
    assert before != expected


def test_an_open_dashboard_is_sent_the_changed_row_without_polling(browser, asgi_server):
    world = make_world()
    page = browser.new_context(locale="zh-TW").new_page()
    polls = []
    page.on("request", lambda request: polls.append(request.url) if request.url.endswith("/live/") else None)
    page.goto(f"{asgi_server.url}/c/{world.campaign.slug}/")
    page.wait_for_selector("body[data-dashboard-live='1']", state="attached")
    city = world.city("漢中")
    expected = f"{city.wall - 7} / {city.wall_max}"
    row = 'tr[data-city="漢中"] .wall-value'
    assert page.inner_text(row) != expected
    started = time.monotonic()
    value_change(key="e2e:push", city=city, delta=-7, clause="R7.1", cause="daily", names={}, due_at=clock.now())
    page.wait_for_function(
        "([selector, text]) => document.querySelector(selector).innerText.trim() === text",
        arg=[row, expected],
        timeout=5_000,
    )
    pushed_in = time.monotonic() - started
    page.wait_for_timeout(6_000)  # longer than the refresh's period
    assert polls == [], polls  # the socket brought it; the page did not poll
    assert pushed_in < 3, pushed_in
