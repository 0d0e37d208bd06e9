"""The claim button in a real browser on a phone (390 px): a repetition (R11.3) shows the button
to both players when the position stands a third time and to nobody before; once the side that
made the third occurrence's opponent has moved on, only the claimant who has not moved since
sees it; the claim ends the game on both pages at once, without a reload."""

import pytest

from play.models import Game
from tests.e2e.test_live_play import both_ready, pending_game
from tests.play.claims_corpus import SHUFFLE
from tests.worlds import make_world

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
BUTTON = "[data-live-claim]:not([hidden]) [data-live=claim]"


def typed(page, ply: int, move: str) -> None:
    """A move typed in the page's move box (ICCS) when it is this player's turn at `ply`."""
    page.wait_for_selector(f"#live[data-ply='{ply}'] #live-move:not([hidden])")
    page.fill("#live-move input[name=move]", move)
    page.click("#live-move button")


def test_r11_3_the_claim_button_shows_to_who_may_claim_and_ends_the_game(browser, asgi_server):
    from datetime import timedelta

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)
    game = pending_game(world)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/games/{game.pk}/"
    red, black = both_ready(browser, asgi_server, url)
    for page in (red, black):
        page.set_viewport_size(PHONE)
    pages = [red, black]
    for ply, move in enumerate([*SHUFFLE, *SHUFFLE[:3]]):
        typed(pages[ply % 2], ply, move)
    for page in (red, black):
        page.wait_for_selector("#live[data-ply='7']")
        assert page.locator(BUTTON).count() == 0, "the position stood twice: nothing to claim yet"
    typed(black, 7, SHUFFLE[3])
    for page in (red, black):
        page.wait_for_selector(f"#live[data-ply='8'] {BUTTON}")
        shown = page.locator("[data-live-claim] [data-claim-kind]:not([hidden])")
        assert shown.count() == 1 and shown.get_attribute("data-claim-kind") == "repetition"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "no sideways scroll"
    typed(red, 8, "h2e2")  # red moves on: its claim lapses
    red.wait_for_selector("#live[data-ply='9']")
    black.wait_for_selector(f"#live[data-ply='9'] {BUTTON}")
    assert red.locator(BUTTON).count() == 0
    black.click(BUTTON)
    for page in (red, black):
        page.wait_for_selector("#live[data-status='decided']")
        assert page.locator(BUTTON).count() == 0
    assert "和" in red.inner_text("#live-status")
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.termination) == ("draw", "repetition_claimed")
