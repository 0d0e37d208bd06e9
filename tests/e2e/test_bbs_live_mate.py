"""R11.3 between the two front ends: a live xiangqi game of a siege played to mate between a
terminal (the real SSH server, moves typed in Chinese notation and ICCS) and a browser
(Playwright on the game's page, a move dragged on the board and the others typed), each seeing
the other's moves as they are made, through the same live services and the channel layer's
groups (Redis, between the SSH server and the site's server); the result on the wall, as the
siege's page shows it (R6.2)."""

import pytest
from django.conf import settings

from games.xiangqi import game_notation
from ops.demo import DEMO_PASSWORD
from play.models import Game
from tests.e2e.conftest import log_in
from tests.e2e.test_live_play import pending_game
from tests.play.test_records import MATE_MOVES

pytestmark = pytest.mark.e2e

RED_TO_MOVE, BLACK_TO_MOVE = "輪到 許褚（紅）走棋。", "輪到 魏延（黑）走棋。"


@pytest.fixture
def bbs(asgi_server, redis_server):
    """The SSH server in a thread of this process, started once the site's server was forked
    (a fork inherits no BBS); when it stops it leaves asgiref's database thread fresh for the
    servers forked after it (tests/bbs/terminal.py `fresh_database_thread`)."""
    from tests.bbs.terminal import BBS

    server = BBS(settings.VAR_DIR)
    yield server
    server.stop()


def play(terminal, move: str) -> None:
    """The move prompt opened, the move typed and sent (which closes the prompt)."""
    terminal.type("enter", move, "enter")


def drag(page, move: str) -> None:
    """A move dragged on black's board (turned: black at the bottom), point to point (ICCS:
    file a–i, rank 0–9 from red's side), as a player does with the mouse."""
    page.locator("#live-board").scroll_into_view_if_needed()
    box = page.locator("#live-board svg").bounding_box()
    points = []
    for square in (move[:2], move[2:]):
        col, rank = "abcdefghi".index(square[0]), int(square[1])
        points.append(
            (
                box["x"] + box["width"] * (1 - (30 + col * 40) / 380),
                box["y"] + box["height"] * (1 - (30 + (9 - rank) * 40) / 420),
            )
        )
    page.mouse.move(*points[0])
    page.mouse.down()
    page.mouse.move(*points[1], steps=5)
    page.mouse.up()


def test_r11_3_r6_2_a_terminal_and_a_browser_play_a_siege_game_live_to_mate(browser, asgi_server, bbs):
    from datetime import timedelta

    from tests.worlds import make_world

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    game = pending_game(world)  # 許褚 (red, the attacker) against 魏延 (black)
    slug = world.campaign.slug
    black = log_in(browser, asgi_server, "weiyan")  # on the game's page
    black.goto(f"{asgi_server.url}/c/{slug}/games/{game.pk}/")
    black.wait_for_selector("#live[data-connected='1']")
    red = bbs.connect("xuchu", DEMO_PASSWORD)  # in the terminal: the menu's Games, then the game
    red.wait_for("離開")
    red.cursor_to("對局 — ")
    red.type("enter")
    red.wait_for("你的對局，待開始")
    red.type("enter")
    red.wait_for("等待 許褚、魏延 準備在本站對弈。")  # the game read (its keys work from then)
    red.type("r")  # ready in the terminal …
    black.click("[data-live=ready]")  # … and on the page: the clocks start (R7.4)
    red.wait_for(RED_TO_MOVE)
    written = game_notation(MATE_MOVES)
    for ply, move in enumerate(MATE_MOVES):
        if ply % 2 == 0:  # red in the terminal, Chinese notation and ICCS by turns
            play(red, written[ply] if ply % 4 == 0 else move)
            black.wait_for_selector(f"#live[data-ply='{ply + 1}']")  # the page has it
            if ply + 1 < len(MATE_MOVES):
                red.wait_for(BLACK_TO_MOVE)
            continue
        black.wait_for_selector(f"#live[data-ply='{ply}'] #live-move:not([hidden])")
        if ply == 1:
            drag(black, move)
        else:
            black.fill("#live-move input[name=move]", written[ply])
            black.click("#live-move button")
        if ply + 1 < len(MATE_MOVES):
            red.wait_for(RED_TO_MOVE)  # the terminal has it, its turn again
    shown = red.wait_for("攻方勝 · 將死")
    assert all(move in shown for move in written[-6:])  # the last moves, both sides', on the terminal
    black.wait_for_selector("#live[data-status='decided']")
    assert "攻方勝" in black.inner_text("#live-status")
    played = Game.objects.get(pk=game.pk)
    assert (played.status, played.result, played.termination, played.moves) == (
        "decided",
        "attacker",
        "checkmate",
        MATE_MOVES,
    )
    black.goto(f"{asgi_server.url}/c/{slug}/sieges/{game.siege_id}/")
    assert "490 / 500" in black.inner_text("h2")  # R6.2: the wall ten lower, on the siege's page
