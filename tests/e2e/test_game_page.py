"""The game page as players see it, on a phone (390 px) and a desktop (1280 px): one board
while the game is played, the clock of the side to move running, flip, the sound on the
opponent's move; the end (a resignation by the other player's page) turning the heading and
the page into the replay at the end, with the result, without a reload; the arrow keys stepping
the replay in place; the board filling its space with nothing scrolling sideways. Dark chess: a
refused action says what is wrong; the end shows every piece and the deal checked against its hash."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings

from tests.e2e.test_live_play import pending_game
from tests.play.test_records import MATE_MOVES
from tests.worlds import make_world

pytestmark = pytest.mark.e2e

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def log_in(browser, server, username: str, size: dict):
    from ops.demo import DEMO_PASSWORD

    page = browser.new_context(locale="zh-TW", viewport=size).new_page()
    page.goto(f"{server.url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


def shot(page, name: str) -> None:
    shots = Path(settings.VAR_DIR) / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def board_width(page, selector: str) -> float:
    return page.locator(selector).bounding_box()["width"]


def assert_fills(page, selector: str, width: int) -> None:
    found = board_width(page, selector)
    if width >= 1280:
        assert found >= 480, f"{found} px on a desktop"
    else:
        assert found >= width - 20, f"{found} px on a {width} px phone: its full width"
    assert fits(page), "nothing scrolls sideways"


def play(pages, moves, start=0):
    for ply, move in enumerate(moves, start=start):
        page = pages[ply % 2]
        page.wait_for_selector(f"#live[data-ply='{ply}'] #live-move:not([hidden])")
        page.fill("#live-move input[name=move]", move)
        page.click("#live-move button")
        pages[(ply + 1) % 2].wait_for_selector(f"#live[data-ply='{ply + 1}']")


@pytest.mark.parametrize("size", SIZES)
def test_one_board_in_play_and_the_replay_at_the_end_without_a_reload(browser, asgi_server, size):
    width = SIZES[size]["width"]
    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    game = pending_game(world)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/games/{game.pk}/"
    red, black = (log_in(browser, asgi_server, name, SIZES[size]) for name in ("xuchu", "weiyan"))
    for page in (red, black):
        page.goto(url)
        page.wait_for_selector("#live[data-connected='1']")
        assert page.locator("[data-before-live]:visible").count() >= 1, "not yet played here: a record may be reported"
        page.click("[data-live=ready]")
    play([red, black], MATE_MOVES[:3])
    for page in (red, black):
        assert page.locator("svg").filter(has=page.locator("text=楚 河")).count() == 1, "one board"
        assert page.locator("[data-before-live]:visible").count() == 0, "no record form, no off-hours button"
        assert_fills(page, "#live-board svg", width)
    assert black.get_attribute("[data-game-area]", "data-sounds") == "2", "red's two moves sounded on black's page"
    assert red.get_attribute("[data-game-area]", "data-sounds") == "1", "only black's move on red's"
    # black to move: black's clock runs on the page, between the server's states
    before = black.inner_text(".clock[data-side=defender] time")
    black.wait_for_timeout(1600)
    assert black.inner_text(".clock[data-side=defender] time") != before
    assert black.locator(".clock.running[data-side=defender]").count() == 1
    # flip: black's board is turned for black; the button turns it back, and again
    turned = "getComputedStyle(document.querySelector('#live-board svg')).transform"
    assert black.evaluate(turned) != "none" and red.evaluate(turned) == "none"
    red.click("[data-flip]")
    assert red.evaluate(turned) != "none"
    shot(red, f"game-live-flipped-{size}")
    red.click("[data-flip]")
    assert red.evaluate(turned) == "none"
    shot(black, f"game-live-{size}")
    # black resigns on its page: red's page, not reloaded, turns into the replay at the end
    black.click("#live details.danger summary")
    black.click("[data-live=resign]")
    red.wait_for_selector("#replay #board svg")
    assert red.inner_text("[data-game-status]") == "已分勝負"
    heading = red.inner_text("[data-game-heading]")
    assert "攻方勝" in heading and "認輸" in heading and "攻方勝" not in red.inner_text("#replay")  # said once
    assert red.locator("#live-board").count() == 0 and red.locator("#board svg").count() == 1, "still one board"
    assert red.inner_text("[data-step]") == "3 / 3"
    red.wait_for_selector("#analysis[data-analysis]")  # the engine's card follows the end, no reload either
    assert_fills(red, "#board svg", width)
    shot(red, f"game-ended-{size}")
    # the arrow keys step the replay in place
    red.keyboard.press("ArrowLeft")
    red.wait_for_selector("[data-step]:has-text('2 / 3')")
    red.keyboard.press("ArrowLeft")
    red.wait_for_selector("[data-step]:has-text('1 / 3')")
    assert "ply=1" in red.url
    red.keyboard.press("Home")
    red.wait_for_selector("[data-step]:has-text('0 / 3')")
    red.keyboard.press("ArrowRight")
    red.wait_for_selector("[data-step]:has-text('1 / 3')")
    red.keyboard.press("End")
    red.wait_for_selector("[data-step]:has-text('3 / 3')")
    assert red.locator("#board svg rect.last").count() == 2, "the last move marked"


@pytest.mark.parametrize("size", SIZES)
def test_r11_7_dark_chess_says_what_is_wrong_and_reveals_the_deal_at_the_end(browser, asgi_server, size):
    from battles.services.stratagems import stratagem_accept, stratagem_challenge

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    world.online("張飛")
    stratagem = stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=stratagem)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/banqi/{stratagem.banqi_id}/"
    schemer, general = (log_in(browser, asgi_server, name, SIZES[size]) for name in ("guojia", "zhangfei"))
    for page in (schemer, general):
        page.goto(url)
        page.wait_for_selector("#banqi-live[data-connected='1']", state="attached")
    schemer.fill("#banqi-actions input[name=action]", "a1")
    schemer.click("#banqi-actions form button")
    general.wait_for_selector("td[data-square=a1]:not(.down)", timeout=8000)
    piece = general.inner_text("td[data-square=a1]")
    general.click("td[data-square=a1]")
    general.click("td[data-square=b1]")
    general.click("#banqi-actions form button")
    message = general.inner_text(".messages li.error")
    assert f"a1 的{piece}不是你的" in message and "(R11.7)" in message and "現在不能這樣走" not in message
    shot(general, f"banqi-refused-{size}")
    general.click("#banqi-actions details summary")
    general.click("text=確定認輸此局")
    schemer.wait_for_selector("[data-hash-check]", timeout=8000)
    assert "佈局與開局時顯示的雜湊值相符" in schemer.inner_text("[data-hash-check]")
    board = schemer.locator("table.banqi[aria-label='棋盤']")
    assert board.locator("td.down").count() == 0 and board.locator("td.was-down").count() == 31
    dealt = schemer.locator("table.banqi[aria-label='佈局'] td")
    assert dealt.count() == 32 and all(len(dealt.nth(i).inner_text()) == 1 for i in range(32))
    shot(schemer, f"banqi-revealed-{size}")
    assert fits(schemer), "nothing scrolls sideways"


def test_r11_1_a_chess_board_turned_for_black_keeps_its_pieces_upright(browser, asgi_server):
    """Black's board turned half round, each piece and coordinate turned back in its own square;
    the square clicked is the one under the pointer (f7 → f6 for black, from the turned board)."""
    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0, battle_game="chess")
    game = pending_game(world)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/games/{game.pk}/"
    white, black = (log_in(browser, asgi_server, name, SIZES["desktop"]) for name in ("xuchu", "weiyan"))
    for page in (white, black):
        page.goto(url)
        page.wait_for_selector("#live[data-connected='1']")
        page.click("[data-live=ready]")
    play([white, black], ["e4"])
    upright = "getComputedStyle(document.querySelector('#live-board svg .up')).transform"
    assert black.evaluate(upright) != "none" and white.evaluate(upright) == "none"
    box = black.locator("#live-board svg").bounding_box()
    scale = box["width"] / 390
    for file, rank in ((5, 7), (5, 6)):  # on black's turned board: from the right, from the bottom
        x = box["x"] + box["width"] - (15 + 45 * file + 22) * scale
        y = box["y"] + box["height"] - (15 + 45 * (8 - rank) + 22) * scale
        black.mouse.click(x, y)
    white.wait_for_selector("#live[data-ply='2']")
    shot(black, "game-chess-black")
    # black turns the sound off: remembered across a reload, and white's next move is silent
    assert black.get_attribute("[data-game-area]", "data-sounds") == "1"
    black.uncheck("[data-sound]")
    black.reload()
    black.wait_for_selector("#live[data-connected='1']")
    assert not black.is_checked("[data-sound]")
    play([white, black], ["Nf3"], start=2)
    assert black.get_attribute("[data-game-area]", "data-sounds") is None


def test_the_clock_of_the_side_to_move_warns_when_its_time_runs_low(browser, asgi_server):
    """A campaign's clock of 12 s a player: the warning shows below 10 s (its floor), on the
    running clock of the side to move only, as the page counts it down between states."""
    from campaign.models import Campaign

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    Campaign.objects.filter(pk=world.campaign.pk).update(live_base=timedelta(seconds=12))
    game = pending_game(world)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/games/{game.pk}/"
    red, black = (log_in(browser, asgi_server, name, SIZES["phone"]) for name in ("xuchu", "weiyan"))
    for page in (red, black):
        page.goto(url)
        page.wait_for_selector("#live[data-connected='1']")
        page.click("[data-live=ready]")
    play([red, black], MATE_MOVES[:1])
    assert black.locator(".clock.low").count() == 0
    black.wait_for_selector(".clock.running.low[data-side=defender]", timeout=6000)
    assert black.locator(".clock.low[data-side=attacker]").count() == 0, "red has its increment: 22 s"
    shot(black, "game-low-time-phone")
