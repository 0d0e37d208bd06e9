"""R1.3, R7.3 The siege walk in a browser: two players open threads on 漢中's board in its form; then
魏 besieges 漢中 (set up through the services: the march, a game called, taken up, reported with its
record and confirmed, more games decided by the judge over three periods, 許褚 taken and ransomed).
Page 1 of the board still lists both players' threads, on top, with the siege's one system thread
beneath them, at each door: read in the browser, in the API's thread list fetched from the served
site with a token, and in the terminal over real SSH; the siege page and the game page show what
happened; and a reader who hides the war's news sees the players' threads alone, on the site and in
the API.

With SCREENSHOTS set to a folder (`make screenshots`: docs/screenshots/), the walk writes the
board, the siege, the game page and the map at 1280 and 390 px in both languages there."""

import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from accounts.services import token_create
from battles.models import Ransom
from battles.services.prisoners import ransom_settle
from battles.services.siege import siege_call, siege_call_answer
from campaign.timers import timers_sweep
from ops.demo import DEMO_PASSWORD
from tests.bbs.terminal import BBS, settled
from tests.e2e.test_bbs_web import _open_board, _terminal
from tests.play.test_records import MATE, report_confirmed
from tests.worlds import besiege, make_world, play

pytestmark = pytest.mark.e2e
ARMY = [("徐晃", "marshal"), ("許褚", "general")]
TITLES = {"張飛": "張飛：守漢中之策", "魏延": "魏延：子午谷奇謀"}
SIZES = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}


@pytest.fixture
def ssh(transactional_db, redis_server):
    """The real SSH server (bbs/server.py) in a thread of this process, beside the live server's."""
    server = BBS(settings.VAR_DIR)
    yield server
    server.stop()


def _reader(browser, server, username: str, language: str = "zh-hant", size: dict | None = None):
    """Logged in, in the language chosen with the site's switch (its cookie: the pages' language
    is the reader's choice, not the browser's)."""
    context = browser.new_context(viewport=size or SIZES["1280"])
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


def _thread_posted(page, board_url: str, title: str) -> None:
    page.goto(board_url)
    form = page.locator("form[action$='/new/']:has(textarea[name=body])")
    form.locator("input[name=title]").fill(title)
    form.locator("textarea[name=body]").fill("諸位以為如何？")
    form.locator("button").click()
    page.wait_for_url(lambda url: "/threads/" in url and "/new/" not in url)


def _siege(world, clock):
    """漢中 besieged: a game reported with its record (red mates) and confirmed, two more won by
    魏 and entered by the judge, a period ending after each; then 許褚 taken (R6.2) and ransomed
    (R10.2). Returns the army and the recorded game."""
    army = besiege(world, clock, "漢中", ARMY)
    called = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    answered = siege_call_answer(actor=world["張飛"], game=called, defender=world["張飛"])
    recorded = report_confirmed(world, answered, MATE)
    for defender in (None, "魏延", "張飛"):
        if defender:
            play(world, army, "許褚", defender, "attacker")
        clock.shift(timedelta(minutes=31))  # a period ends: the next siege call is posted
        timers_sweep()
    play(world, army, "許褚", "魏延", "defender")
    ransom_settle(actor=world["劉備"], ransom=Ransom.objects.get(officer=world["許褚"]), paid=True)
    army.refresh_from_db()
    return army, recorded


def _rows(page) -> list[tuple[str, bool]]:
    return page.eval_on_selector_all(
        "table.threads tbody tr",
        "rows => rows.map(r => [r.cells[1].textContent.trim(), r.classList.contains('system')])",
    )


def _page_one_in_api(page, server, world, board) -> list[tuple[str, bool]]:
    """Page 1 of the board in the API's thread list, asked of the served site with 張飛's token."""
    _t, token = token_create(user=world["張飛"].user, name="walk", scope="read")
    response = page.request.get(
        f"{server.url}/api/v1/c/{world.campaign.slug}/boards/{board.pk}/threads",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status == 200, response.text()
    return [(thread["title"], thread["is_system"]) for thread in response.json()["results"]]


def _page_one_in_terminal(ssh, world) -> list[str]:
    """Page 1 of 漢中's board in 張飛's terminal (English), over SSH: its thread rows, in order."""
    terminal = _terminal(ssh, world, "zhangfei", "張飛")
    _open_board(terminal, world, "張飛", "漢中")
    screen = settled(terminal, "[System]")
    header = next(i for i, line in enumerate(screen.splitlines()) if "page 1/" in line)
    rows = [line for line in screen.splitlines()[header + 1 :] if re.match(r"\s*>?\s*\d+ ", line)]
    terminal.close()
    return rows


def _screenshots(browser, server, urls: dict[str, str]) -> None:
    folder = Path(os.environ["SCREENSHOTS"])
    folder.mkdir(parents=True, exist_ok=True)
    for language in ("zh-hant", "en"):
        for width, size in SIZES.items():
            page = _reader(browser, server, "zhangfei", language, size)
            for name, url in urls.items():
                page.goto(url)
                page.wait_for_load_state("networkidle")
                page.screenshot(path=str(folder / f"{name}-{width}-{language}.png"))
            page.context.close()


@pytest.mark.django_db(transaction=True)
def test_r1_3_r7_3_after_a_siege_page_1_of_the_city_s_board_still_lists_the_players_threads(
    browser, live_server, clock, ssh
):
    world = make_world()
    base = f"{live_server.url}/c/{world.campaign.slug}"
    board = world.city("漢中").board
    board_url = f"{live_server.url}{reverse('board', args=[world.campaign.slug, board.pk])}"
    for username, name in (("zhangfei", "張飛"), ("weiyan", "魏延")):
        _thread_posted(_reader(browser, live_server, username), board_url, TITLES[name])

    army, recorded = _siege(world, clock)

    reader = _reader(browser, live_server, "zhangfei")
    reader.goto(board_url)
    rows = _rows(reader)
    assert sorted(title for title, system in rows[:2]) == sorted(TITLES.values()), rows
    assert [system for _t, system in rows] == [False, False] + [True] * (len(rows) - 2), rows
    assert any("漢中" in title for title, _s in rows[2:]), "the siege's thread, beneath the players'"

    api = _page_one_in_api(reader, live_server, world, board)
    assert [system for _t, system in api] == [system for _t, system in rows], (api, rows)
    assert all(title in shown for (title, _s), (shown, _x) in zip(api, rows, strict=True)), "the site's order"
    lines = _page_one_in_terminal(ssh, world)
    assert len(lines) == len(rows), lines
    players = [any(title in line for title in TITLES.values()) for line in lines]
    assert players == [True, True] + [False] * (len(lines) - 2), lines
    assert ["[System]" in line for line in lines] == [not player for player in players], lines

    reader.goto(f"{base}/sieges/{army.siege_id}/")
    siege_text = reader.inner_text("main")
    assert "漢中" in siege_text and "許褚" in siege_text
    reader.goto(f"{base}/games/{recorded.pk}/")
    assert "許褚" in reader.inner_text("main") and reader.locator(".replay .board, #live-board").count() >= 1

    if os.environ.get("SCREENSHOTS"):
        _screenshots(
            browser,
            live_server,
            {
                "board": board_url,
                "siege": f"{base}/sieges/{army.siege_id}/",
                "game": f"{base}/games/{recorded.pk}/",
                "map": f"{base}/map/",
            },
        )

    reader.goto(board_url)
    reader.click("form[action$='/news/'] button")
    reader.wait_for_url(board_url)
    assert sorted(title for title, _s in _rows(reader)) == sorted(TITLES.values()), "the war's news hidden"
    hidden = _page_one_in_api(reader, live_server, world, board)
    assert sorted(title for title, _s in hidden) == sorted(TITLES.values()), "hidden in the API too"
