"""Live play in a real browser: two players each in their own browser ready a siege game on its
page and play it live to mate, moves typed in Chinese notation, clicked and dragged on the board; the
result is applied to the siege's wall at once; a player who reloads mid-game continues."""

from pathlib import Path

import pytest
from django.conf import settings

from games.live import legal_moves
from games.xiangqi import game_notation
from play.models import Game
from tests.e2e.conftest import log_in
from tests.play.test_records import MATE_MOVES
from tests.worlds import make_world

pytestmark = pytest.mark.e2e


def pending_game(world):
    """許褚 calls 魏延 before 漢中 (the army arrives a second after marching: travel_time 1 s)."""
    import time

    from battles.services.march import march_start
    from battles.services.siege import siege_call, siege_call_answer
    from campaign.timers import timers_sweep

    army = march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    time.sleep(1.2)
    timers_sweep()
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    return siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])


def both_ready(browser, server, url):
    """許褚 and 魏延 each open the game in their own browser and press "ready"."""
    pages = log_in(browser, server, "xuchu"), log_in(browser, server, "weiyan")
    for page in pages:
        page.goto(url)
        page.wait_for_selector("#live[data-connected='1']")
        page.click("[data-live=ready]")
    return pages


def assert_move_list(page, moves: list[str]) -> None:
    """The live page's move list: the game's moves in Chinese notation, by pairs."""
    written = game_notation(moves)
    pairs = [" ".join(written[i : i + 2]) for i in range(0, len(written), 2)]
    page.wait_for_selector(f"#live[data-ply='{len(moves)}']")
    assert [li.text_content() for li in page.locator("#live-moves li").all()] == pairs


def test_r11_3_r6_2_two_players_play_a_siege_game_live_to_mate(browser, asgi_server):
    from datetime import timedelta

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    game = pending_game(world)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/games/{game.pk}/"
    red, black = both_ready(browser, asgi_server, url)
    red.wait_for_selector("#live-move:not([hidden])")
    # The first move clicked on the board, point by point (ICCS: file a–i, rank 0–9 from red's side);
    # the board, as tall as the window, scrolled to first.
    red.locator("#live-board").scroll_into_view_if_needed()
    box = red.locator("#live-board svg").bounding_box()
    scale = box["width"] / 380
    for square in (MATE_MOVES[0][:2], MATE_MOVES[0][2:]):
        col, rank = "abcdefghi".index(square[0]), int(square[1])
        red.mouse.click(box["x"] + (30 + col * 40) * scale, box["y"] + (30 + (9 - rank) * 40) * scale)
        if square == MATE_MOVES[0][:2]:  # the picked piece's legal points are shown on the board
            expected = sum(1 for move in legal_moves("xiangqi", []) if move.startswith(square))
            assert red.locator("#live-board circle.hint").count() == expected > 0
    black.wait_for_selector("#live[data-ply='1'] #live-move:not([hidden])")
    # Black sees the board turned (its pieces at the bottom) and drags its reply on it.
    assert black.locator("#live-board.flipped").count() == 1 and red.locator("#live-board.flipped").count() == 0
    black.locator("#live-board").scroll_into_view_if_needed()
    box = black.locator("#live-board svg").bounding_box()
    points = []
    for square in (MATE_MOVES[1][:2], MATE_MOVES[1][2:]):
        col, rank = "abcdefghi".index(square[0]), int(square[1])
        points.append(
            (
                box["x"] + box["width"] * (1 - (30 + col * 40) / 380),
                box["y"] + box["height"] * (1 - (30 + (9 - rank) * 40) / 420),
            )
        )
    black.mouse.move(*points[0])
    black.mouse.down()
    black.mouse.move(*points[1], steps=5)
    black.mouse.up()
    red.wait_for_selector("#live[data-ply='2']")
    black.wait_for_selector("#live[data-ply='2']")
    shots = Path(settings.VAR_DIR) / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    black.locator("#live").screenshot(path=str(shots / "live-black.png"))
    players = [red, black]
    for ply, move in enumerate(MATE_MOVES[2:], start=2):
        page = players[ply % 2]
        if ply == 6:  # black reloads mid-game and carries on from the server's state
            page.reload()
            page.wait_for_selector("#live[data-connected='1']")
        page.wait_for_selector(f"#live[data-ply='{ply}'] #live-move:not([hidden])")
        page.fill("#live-move input[name=move]", move)
        page.click("#live-move button")
        players[(ply + 1) % 2].wait_for_selector(f"#live[data-ply='{ply + 1}']")
    red.wait_for_selector("#live[data-status='decided']")
    assert "攻方勝" in red.inner_text("#live-status")
    for page in (red, black):  # the page sent each new move alone, and the one that reloaded mid-game
        assert_move_list(page, MATE_MOVES)
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.termination, len(game.moves)) == ("attacker", "checkmate", len(MATE_MOVES))
    assert world.city("漢中").wall == 490  # R6.2, applied with the game's end


def test_r11_1_a_chess_campaign_plays_a_game_live_to_mate(browser, asgi_server):
    from datetime import timedelta

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0, battle_game="chess")
    game = pending_game(world)
    assert game.game_kind == "chess"
    url = f"{asgi_server.url}/c/{world.campaign.slug}/games/{game.pk}/"
    white, black = both_ready(browser, asgi_server, url)
    # 1. f3 clicked (f2 → f3: file 5, ranks 2 and 3 from white's side), then typed in SAN
    white.wait_for_selector("#live-move:not([hidden])")
    white.locator("#live-board").scroll_into_view_if_needed()
    box = white.locator("#live-board svg").bounding_box()
    scale = box["width"] / 390
    for file, rank in ((5, 2), (5, 3)):
        white.mouse.click(box["x"] + (15 + 45 * file + 22) * scale, box["y"] + (15 + 45 * (8 - rank) + 22) * scale)
    players = [white, black]
    for ply, move in enumerate(["e5", "g4", "Qh4#"], start=1):
        page = players[ply % 2]
        page.wait_for_selector(f"#live[data-ply='{ply}'] #live-move:not([hidden])")
        page.fill("#live-move input[name=move]", move)
        page.click("#live-move button")
    white.wait_for_selector("#live[data-status='decided']")
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.termination, game.moves) == ("defender", "checkmate", ["f2f3", "e7e5", "g2g4", "d8h4"])


def test_r11_3_a_flag_falls_with_both_players_gone(browser, asgi_server):
    from datetime import timedelta

    import time_machine

    from campaign.clock import now
    from campaign.timers import timers_sweep

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    game = pending_game(world)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/games/{game.pk}/"
    red, black = both_ready(browser, asgi_server, url)
    red.wait_for_selector("#live-move:not([hidden])")
    red.fill("#live-move input[name=move]", "炮二平五")
    red.click("#live-move button")
    black.wait_for_selector("#live[data-ply='1']")
    red.context.close()
    black.context.close()  # both gone; black's clock runs on the server
    with time_machine.travel(now() + timedelta(minutes=10, seconds=5), tick=False):
        timers_sweep()  # black never made a first move within the window: forfeited
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.termination) == ("decided", "attacker", "abandoned")
    assert world.city("漢中").wall == 490
    watcher = browser.new_context(locale="zh-TW").new_page()
    watcher.goto(url)
    assert "攻方勝" in watcher.inner_text("main")


def test_r11_7_a_dark_chess_stratagem_is_played_to_its_end_with_pushed_updates(browser, asgi_server):
    from datetime import timedelta

    from battles.models import Stratagem
    from battles.services.stratagems import stratagem_accept, stratagem_challenge

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    world.online("張飛")
    stratagem = stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    stratagem = stratagem_accept(actor=world["張飛"], stratagem=stratagem)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/banqi/{stratagem.banqi_id}/"
    schemer, general = log_in(browser, asgi_server, "guojia"), log_in(browser, asgi_server, "zhangfei")
    for page in (schemer, general):
        page.goto(url)
        page.wait_for_selector("#banqi-live[data-connected='1']", state="attached")
    schemer.fill("#banqi-actions input[name=action]", "a1")
    schemer.click("#banqi-actions form button")
    # The general's page, not reloaded, shows the flip within seconds (pushed; it polls only
    # every 30 s), with both clocks.
    general.wait_for_selector("td[data-square=a1]:not(.down)", timeout=8000)
    assert general.locator("[data-clocks] .clock").count() == 2
    general.click("#banqi-actions details summary")
    general.click("text=確定認輸此局")
    schemer.wait_for_selector("#banqi:has-text('認輸')", timeout=8000)
    assert Stratagem.objects.get(pk=stratagem.pk).status == Stratagem.Status.EFFECT
    assert world.city("漢中").wall == 497  # R9.2


def test_a_resignation_turns_the_open_pages_heading_and_forms(browser, asgi_server):
    """Both players' pages, not reloaded: the heading leaves "being played" for the result and
    how it came, the play buttons and the record form go."""
    from datetime import timedelta

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    game = pending_game(world)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/games/{game.pk}/"
    red, black = both_ready(browser, asgi_server, url)
    red.wait_for_selector("#live-move:not([hidden])")
    assert red.inner_text("[data-game-status]") == "對局中"
    assert red.locator("[data-before-live]:visible").count() == 0  # played here: no record form to report
    red.click("#live details.danger summary")
    red.click("[data-live=resign]")
    for page in (red, black):
        page.wait_for_selector("#live[data-status='decided']")
        assert page.inner_text("[data-game-status]") == "已分勝負"
        assert "守方勝" in page.inner_text("[data-game-heading]")
        assert page.locator("[data-while-pending]:visible").count() == 0
        assert page.locator("#live .live-actions").is_hidden()
    assert Game.objects.get(pk=game.pk).termination == "resignation"
