"""Two players meet in the game room in real browsers and play friendly games outside the war
(R11.3, R11.7): one opens a seek, it arrives on the other's open room (its socket), who accepts it
and lands on the game's page; the seek's owner's room reads itself again and links the game.
Each move, typed or clicked, reaches the other's page without a reload (the game's socket on the
real Redis, the board fetched again). Chess to fool's mate, xiangqi to a mate, and dark chess:
the site flips the face-down pieces clicked, then one resigns (a real end would take a hundred
actions; resignation is one of its ends)."""

import pytest

from friendly.models import FriendlyGame
from room.models import Seek
from tests.e2e.conftest import log_in
from tests.play.test_records import MATE_MOVES
from tests.worlds import make_world

pytestmark = pytest.mark.e2e

PUSHED_WITHIN_MS = 15_000  # a bound for a loaded test machine; the page never reloads meanwhile
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


def meet(server, seeking, waiting, kind: str):
    """`seeking` opens a seek for `kind` (playing first); `waiting`, its room open, accepts it as
    it arrives: both end on the game's page. The game."""
    waiting.goto(f"{server.url}/room/")
    waiting.wait_for_selector("#room-seeks[data-live='on']", state="attached")
    seeking.goto(f"{server.url}/room/")
    seeking.wait_for_selector("#room-seeks[data-live='on']", state="attached")
    form = seeking.locator("form[data-board-seek]")
    form.locator("select[name=kind]").select_option(kind)
    form.locator("button").click()
    seek = Seek.objects.get(kind=kind, status="open")
    row = waiting.wait_for_selector(f"#room-seeks [data-seek='{seek.pk}']", timeout=PUSHED_WITHIN_MS)
    row.query_selector("button").click()
    waiting.wait_for_url(lambda url: "/room/games/" in url)
    game = FriendlyGame.objects.get(kind=kind)
    assert waiting.url.endswith(f"/room/games/{game.pk}/")
    # The owner's room hears its seek was taken, reads itself again and links the game.
    seeking.wait_for_selector(f"[data-my-games] [data-board-game='{game.pk}'] a", timeout=PUSHED_WITHIN_MS).click()
    seeking.wait_for_url(lambda url: url.endswith(f"/room/games/{game.pk}/"))
    for page in (seeking, waiting):
        page.wait_for_selector("#banqi-live[data-connected='1']", state="attached")
        page.evaluate("window.loadedOnce = true")  # gone if the page reloads
    return game


def play(mover, watcher, ply: int, move: str) -> None:
    """`mover` types `move` and plays it; `watcher` sees it on its open page, without a reload."""
    field = mover.wait_for_selector("[data-move-form] input[name=move], [data-move-form] input[name=action]")
    field.fill(move)
    field.press("Enter")
    played(mover, ply)
    watcher.wait_for_selector(f"#friendly-game[data-ply='{ply + 1}']", timeout=PUSHED_WITHIN_MS)
    assert watcher.evaluate("window.loadedOnce === true"), "the move came by reloading the page"


def played(mover, ply: int) -> None:
    """The mover's own page, read again after its form (a reload), then kept open as the other's
    moves come."""
    mover.wait_for_selector(f"#friendly-game[data-ply='{ply + 1}']")
    mover.wait_for_selector("#banqi-live[data-connected='1']", state="attached")
    mover.evaluate("window.loadedOnce = true")


def test_r11_3_two_players_meet_in_the_room_and_play_chess_and_xiangqi_to_mate_and_dark_chess(browser, asgi_server):
    make_world()
    first = log_in(browser, asgi_server, "zhangfei")
    second = log_in(browser, asgi_server, "weiyan")

    game = meet(asgi_server, first, second, "chess")
    for ply, move in enumerate(FOOLS_MATE):
        mover, watcher = (first, second) if ply % 2 == 0 else (second, first)
        play(mover, watcher, ply, move)
    game.refresh_from_db()
    assert (game.result, game.termination) == ("second", "checkmate")
    for page in (first, second):
        assert page.query_selector("#friendly-game [data-result]") and not page.query_selector("[data-move-form]")
    assert "Qh4#" in first.inner_text("#friendly-moves")

    game = meet(asgi_server, first, second, "xiangqi")
    # The first move by two clicks on the board (friendly.js fills the move and plays it).
    board = first.locator("#friendly-board svg")
    box = board.bounding_box()
    for col, row in ((8, 9), (8, 7)):  # i0 then i2 (車一進二), the points 40 apart from 30, of 380 × 420
        first.mouse.click(
            box["x"] + (30 + 40 * col) * box["width"] / 380, box["y"] + (30 + 40 * row) * box["height"] / 420
        )
    played(first, 0)
    second.wait_for_selector("#friendly-game[data-ply='1']", timeout=PUSHED_WITHIN_MS)
    assert second.evaluate("window.loadedOnce === true"), "the move came by reloading the page"
    assert FriendlyGame.objects.get(pk=game.pk).moves == [MATE_MOVES[0]]
    for ply, move in enumerate(MATE_MOVES[1:], start=1):
        mover, watcher = (first, second) if ply % 2 == 0 else (second, first)
        play(mover, watcher, ply, move)
    game.refresh_from_db()
    assert (game.result, game.termination) == ("first", "checkmate")
    second.wait_for_selector("#friendly-game [data-result]")

    game = meet(asgi_server, first, second, "banqi")
    first.click("#friendly-game table.banqi td[data-square='a1']")  # fills the action (site.js)
    first.locator("[data-move-form] input[name=action]").press("Enter")
    played(first, 0)
    cell = second.wait_for_selector("#friendly-game td[data-square='a1']:not(.down)", timeout=PUSHED_WITHIN_MS)
    assert cell.inner_text().strip()  # the piece the site flipped, shown to both
    play(second, first, 1, "h4")
    second.click("#friendly-game details.danger summary")
    second.click("#friendly-game details.danger button")
    first.wait_for_selector("#friendly-game [data-layout]", timeout=PUSHED_WITHIN_MS)  # the deal revealed at the end
    game.refresh_from_db()
    assert (game.result, game.termination) == ("first", "resignation")
