"""A player plays the computer at xiangqi and chess from the game room in a real browser (room/,
bots/services/practice.py, bots/services/friendly.py; R11.1–R11.3): at xiangqi against each of the
four levels in turn and at chess against one, they choose the game, level, side and time control
on the room's form and land on the game's page; the computer's acceptance arrives there, the player
moves on the board (clicks at xiangqi, typed at chess), and Fairy-Stockfish's reply, thought out in
the real Celery worker, arrives on the open page over its socket (the real Redis layer) without a
reload. The player then resigns, which ends the game (a game to mate would take dozens of moves;
resignation is one of its ends)."""

import pytest
from django.contrib.auth import get_user_model

from bots.services.accounts import bot_accounts_ensure
from friendly.models import FriendlyGame
from games.live import legal_moves
from ops.demo import DEMO_PASSWORD
from tests.e2e.conftest import log_in

pytestmark = pytest.mark.e2e

LEVELS = {"random": 1, "greedy": 2, "mcts": 3, "mcts-strong": 4}  # Fairy-Stockfish's level of each
NAMES = {"random": "computer-beginner", "greedy": "computer-easy", "mcts": "computer-medium"}
NAMES["mcts-strong"] = "computer-hard"
ANSWERED_WITHIN_MS = 30_000  # the engine answers in about a second at most; a loaded test machine


def start_from_the_room(page, server, kind: str, level: str) -> FriendlyGame:
    page.goto(f"{server.url}/room/")
    form = page.locator("#room-computer form")
    form.locator("select[name=kind]").select_option(kind)
    form.locator(f"input[name=level][value='{level}']").check()
    form.locator("select[name=side]").select_option("first")
    form.locator("input[name=base_minutes]").fill("5")
    form.locator("input[name=increment_s]").fill("0")
    form.locator("button").click()
    page.wait_for_url("**/room/games/*/")
    game = FriendlyGame.objects.select_related("second__bot").order_by("-pk").first()
    assert page.url.endswith(f"/room/games/{game.pk}/") and game.kind == kind
    assert game.second.username == NAMES[level] and game.second.bot.engine_level == LEVELS[level]
    assert (game.base_s, game.increment_s) == (300, 0)
    return game


def moved_and_answered(page, game: FriendlyGame, move) -> FriendlyGame:
    """The computer's acceptance arrives (the move form appears); the player moves (`move` does it);
    the computer's reply arrives on the page, which is not read again meanwhile."""
    page.wait_for_selector("#friendly-game[data-status='playing'] [data-move-form]", timeout=ANSWERED_WITHIN_MS)
    move(page)
    page.wait_for_selector("#friendly-game[data-ply='1']")  # the player's move, the page read again
    page.wait_for_selector("#banqi-live[data-connected='1']", state="attached")
    page.evaluate("window.loadedOnce = true")  # gone if the page reloads
    page.wait_for_selector("#friendly-game[data-ply='2'] [data-move-form]", timeout=ANSWERED_WITHIN_MS)
    assert page.evaluate("window.loadedOnce === true"), "the computer's move came by reloading the page"
    game.refresh_from_db()
    assert len(game.moves) == 2 and game.moves[1] in legal_moves(game.kind, game.moves[:1])
    return game


def click_rook_up(page) -> None:
    """i0 then i2 on the board (車一進二): the points 40 apart from 30, of 380 × 420."""
    board = page.locator("#friendly-board svg")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    for col, row in ((8, 9), (8, 7)):
        page.mouse.click(
            box["x"] + (30 + 40 * col) * box["width"] / 380, box["y"] + (30 + 40 * row) * box["height"] / 420
        )


def type_move(text: str):
    def move(page) -> None:
        field = page.locator("[data-move-form] input[name=move]")
        field.fill(text)
        field.press("Enter")

    return move


def resign(page, game: FriendlyGame) -> None:
    page.click("#friendly-game details.danger summary")
    page.click("#friendly-game details.danger button")
    page.wait_for_selector("#friendly-game [data-result]")
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("decided", "second", "resignation")


def test_r11_3_a_player_plays_the_computer_at_xiangqi_at_each_level_and_at_chess(browser, asgi_server, start_worker):
    worker = start_worker(beat=False)
    bot_accounts_ensure()
    get_user_model().objects.create_user("liubei", password=DEMO_PASSWORD)
    page = log_in(browser, asgi_server, "liubei")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    plays = [("xiangqi", level, click_rook_up) for level in LEVELS] + [("chess", "mcts-strong", type_move("e2e4"))]
    for kind, level, move in plays:
        game = start_from_the_room(page, asgi_server, kind, level)
        try:
            game = moved_and_answered(page, game, move)
        except Exception as failure:  # a timeout on the page too: say where, with the worker's log
            game.refresh_from_db()
            seen = f"{game.status} {game.moves}"
            raise AssertionError(f"{kind} {level} ({seen}): {failure}\n--- worker log ---\n{worker.output()}") from None
        resign(page, game)
    assert FriendlyGame.objects.filter(status="decided", termination="resignation").count() == 5
    assert not errors
