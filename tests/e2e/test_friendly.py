"""Two players meet in the game room in real browsers and play friendly games outside the war
(R11.3, R11.7): one opens a seek, it arrives on the other's open room (its socket), who accepts it
and lands on the game's page; the seek's owner's room reads itself again and links the game.
Each move, typed or clicked, reaches the other's page without a reload (the game's socket on the
real Redis, the board fetched again). Chess to fool's mate, xiangqi to a mate, and dark chess:
the site flips the face-down pieces clicked, then one resigns (a real end would take a hundred
actions; resignation is one of its ends). Black's player sees the board turned and clicks on it
as drawn; red's or white's player and a spectator see it from red's or white's side (R11.2)."""

import pytest
from django.contrib.auth import get_user_model

from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_accept, friendly_challenge
from friendly.services.play import friendly_move
from room.models import Seek
from tests.e2e.conftest import log_in
from tests.e2e.test_tactics_setup import beside
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


# Which general or king the reader sees lower on the screen: the side drawn at the bottom.
AT_THE_BOTTOM = """kind => {
  const svg = document.querySelector("#friendly-board svg");
  const top = kind === "chess"
    ? colour => svg.querySelector(`use[href="#${colour}-king"]`).getBoundingClientRect().top
    : colour => [...svg.querySelectorAll("text")].find(t => t.textContent === (colour === "red" ? "帥" : "將"))
        .getBoundingClientRect().top;
  const [near, far] = kind === "chess" ? ["white", "black"] : ["red", "black"];
  return top(near) > top(far) ? near : far;
}"""


def test_r11_2_black_sees_a_friendly_board_turned_and_clicks_its_move_on_it(browser, asgi_server):
    """Black's player sees black at the bottom (the board turned, as on the war's game page) and
    clicks a move on the board as drawn for them; red's player and a spectator see red at the
    bottom; at chess, white at the bottom but for black's player. The challenger plays black
    here: the side decides, not who challenged."""
    make_world()
    users = get_user_model().objects
    black_user, red_user = users.get(username="zhangfei"), users.get(username="weiyan")
    beside(friendly_challenge, user=black_user, opponent_name="weiyan", kind="xiangqi", side="second")
    game = FriendlyGame.objects.get(kind="xiangqi")
    beside(friendly_accept, user=red_user, game_id=game.pk)
    beside(friendly_move, user=red_user, game_id=game.pk, move=MATE_MOVES[0], ply=0)
    black, red = log_in(browser, asgi_server, "zhangfei"), log_in(browser, asgi_server, "weiyan")
    spectator = browser.new_context(locale="zh-TW").new_page()
    for page in (black, red, spectator):
        page.goto(f"{asgi_server.url}/room/games/{game.pk}/")
        page.wait_for_selector("#banqi-live[data-connected='1']", state="attached")
    assert [page.evaluate(AT_THE_BOTTOM, "xiangqi") for page in (black, red, spectator)] == ["black", "red", "red"]
    box = black.locator("#friendly-board svg").bounding_box()
    for square in (MATE_MOVES[1][:2], MATE_MOVES[1][2:]):  # each point where black sees it: turned half round
        col, rank = "abcdefghi".index(square[0]), int(square[1])
        black.mouse.click(
            box["x"] + box["width"] * (1 - (30 + 40 * col) / 380),
            box["y"] + box["height"] * (1 - (30 + 40 * (9 - rank)) / 420),
        )
        if square == MATE_MOVES[1][:2]:  # the point clicked is the square black sees there
            assert black.input_value("[data-move-form] input[name=move]") == square
    played(black, 1)
    assert FriendlyGame.objects.get(pk=game.pk).moves == MATE_MOVES[:2]
    red.wait_for_selector("#friendly-game[data-ply='2']", timeout=PUSHED_WITHIN_MS)
    assert [page.evaluate(AT_THE_BOTTOM, "xiangqi") for page in (black, red)] == ["black", "red"]  # drawn again

    beside(friendly_challenge, user=red_user, opponent_name="zhangfei", kind="chess")
    chess = FriendlyGame.objects.get(kind="chess")
    beside(friendly_accept, user=black_user, game_id=chess.pk)
    for page in (black, red, spectator):
        page.goto(f"{asgi_server.url}/room/games/{chess.pk}/")
        page.wait_for_selector("#friendly-board svg")
    assert [page.evaluate(AT_THE_BOTTOM, "chess") for page in (black, red, spectator)] == ["black", "white", "white"]
