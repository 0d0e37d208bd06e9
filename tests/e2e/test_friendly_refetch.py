"""A friendly game's page fetches its board again whenever its socket says the game changed
(R11.3: the acceptance arrives without a reload): a change told while the page's last fetch is
still on its way is not lost. Here the page's first fetch (a challenge's page fetches its board as
its socket opens) is answered with what it read, the challenge, only after the challenge was
accepted and the socket told the page so. The page must then show the game begun at once, not at
its next 30-second poll: htmx dropped a fetch asked for while another of the same board was on its
way; the board's fetches now replace one another (hx-sync), the newest answer drawn."""

import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Error

from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_accept, friendly_challenge
from tests.e2e.conftest import log_in
from tests.e2e.test_tactics_setup import beside
from tests.worlds import make_world

pytestmark = pytest.mark.e2e

HELD_S = 3  # the first fetch's answer held this long after the acceptance (its socket message arrives)
SHOWN_WITHIN_MS = 15_000  # well before the board's 30-second poll


def test_r11_3_the_acceptance_told_while_the_board_is_fetched_is_shown_at_once(browser, asgi_server):
    make_world()
    users = get_user_model().objects
    challenger, challenged = users.get(username="zhangfei"), users.get(username="weiyan")
    beside(friendly_challenge, user=challenger, opponent_name="weiyan", kind="xiangqi")
    game = FriendlyGame.objects.get(kind="xiangqi")
    page = log_in(browser, asgi_server, "zhangfei")
    held: list[str] = []

    def hold_the_first_fetch(route) -> None:
        if route.request.headers.get("hx-request") != "true" or held:
            route.continue_()
            return
        answer = route.fetch()  # read now: the challenge, not yet accepted
        held.append(answer.text())
        beside(friendly_accept, user=challenged, game_id=game.pk)  # the socket tells the page meanwhile
        time.sleep(HELD_S)
        try:
            route.fulfill(response=answer)
        except Error:
            pass  # the page gave that fetch up for a newer one

    page.route(f"**/room/games/{game.pk}/", hold_the_first_fetch)
    page.goto(f"{asgi_server.url}/room/games/{game.pk}/")
    page.wait_for_selector("#friendly-game[data-status='playing'] [data-move-form]", timeout=SHOWN_WITHIN_MS)
    assert len(held) == 1 and 'data-status="challenged"' in held[0]
    assert FriendlyGame.objects.get(pk=game.pk).status == FriendlyGame.Status.PLAYING
