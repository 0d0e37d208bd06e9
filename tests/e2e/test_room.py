"""Two players meet in the game room in real browsers (T2.3, T2.6): one has the room open, the
other opens a seek for a hero tactics game, and the seek arrives on the first one's page without
a reload (its socket, group `room`, on the real Redis); accepting it starts the game, which both
then see among the games in play, and the seek leaves the list; two players so met play the game
to its end from there."""

import pytest

from room.models import Seek
from tactics.models import TacticsGame
from tests.e2e.conftest import log_in
from tests.e2e.test_tactics_page import accounts, pick_and_deploy, played_out
from tests.worlds import make_world

pytestmark = pytest.mark.e2e

PUSHED_WITHIN_MS = 15_000  # a bound for a loaded test machine; the page never reloads meanwhile


def test_t2_3_a_seek_arrives_on_an_open_room_and_is_accepted_into_a_game(browser, asgi_server):
    make_world()
    waiting = log_in(browser, asgi_server, "weiyan")
    waiting.goto(f"{asgi_server.url}/room/")
    waiting.wait_for_selector("#room-seeks[data-live='on']", state="attached")
    waiting.evaluate("window.loadedOnce = true")  # gone if the page reloads

    seeking = log_in(browser, asgi_server, "zhangfei")
    seeking.goto(f"{asgi_server.url}/room/")
    form = seeking.locator("form[action='/room/seeks/new/']:not([data-board-seek])")
    form.locator("select[name=side]").select_option("second")
    form.locator("input[name=heroes_per_side]").fill("2")
    form.locator("button").click()
    seeking.wait_for_selector("#room-seeks [data-seek]")
    seek = Seek.objects.get()
    assert seek.settings.get("heroes_per_side") == 2 and seek.side == "second"

    row = waiting.wait_for_selector(f"#room-seeks [data-seek='{seek.pk}']", timeout=PUSHED_WITHIN_MS)
    assert "zhangfei" in row.inner_text()
    assert waiting.evaluate("window.loadedOnce === true"), "the seek came by reloading the page"
    row.query_selector("button").click()
    waiting.wait_for_url(f"{asgi_server.url}/room/")
    game = TacticsGame.objects.get()
    assert game.status == TacticsGame.Status.PICKING and game.opponent.username == "weiyan"
    waiting.wait_for_selector(f"[data-game='{game.pk}']")
    assert not waiting.query_selector("#room-seeks [data-seek]")  # taken: no longer open
    seeking.wait_for_selector(f"[data-game='{game.pk}']", timeout=PUSHED_WITHIN_MS)  # its own room redrawn by itself


def test_t2_3_t13_1_two_players_meet_in_the_room_and_play_hero_tactics_to_a_base_at_0(browser, asgi_server):
    """One opens a seek, the other takes it up from an open room, both follow the game's link from
    the room's games in play, pick, deploy and play by clicking until a base is at 0 (T13.1); the
    room then lists it among the decided."""
    accounts()
    owner, other = log_in(browser, asgi_server, "liubei"), log_in(browser, asgi_server, "caocao")
    other.goto(f"{asgi_server.url}/room/")
    other.wait_for_selector("#room-seeks[data-live='on']", state="attached")
    owner.goto(f"{asgi_server.url}/room/")
    form = owner.locator("form[action='/room/seeks/new/']:not([data-board-seek])")
    form.locator("select[name=side]").select_option("first")
    form.locator("button").click()
    seek = Seek.objects.get()
    other.wait_for_selector(f"#room-seeks [data-seek='{seek.pk}'] button", timeout=PUSHED_WITHIN_MS).click()
    other.wait_for_url(f"{asgi_server.url}/room/")
    game = TacticsGame.objects.get()
    pages = {"first": owner, "second": other}
    errors: list[str] = []
    for page in pages.values():
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{asgi_server.url}/room/")
        page.click(f"[data-game='{game.pk}'] a")
        page.wait_for_url(f"**/tactics/{game.pk}/")
    pick_and_deploy(pages)
    game = played_out(pages, errors)
    assert (game.status, game.outcome, game.reason) == ("decided", "first", "base")
    assert not errors
    owner.goto(f"{asgi_server.url}/room/")
    assert owner.locator(f"[data-game='{game.pk}']").count() == 1  # among the decided now
