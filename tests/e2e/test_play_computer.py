"""A player practises against the computer in a real browser (room/, bots/, docs/tactics.md
"Playing the computer"; T2.1–T2.6, T13, T15): from the game room they choose each of the four
levels in turn, with one hero a side and a one-round limit, and play the game on its page to its
end. The computer thinks in the real Celery worker; its acceptance, picks, deployment and every
action arrive on the open page over its socket (the real Redis layer) without a reload; the
round limit decides each game (T13)."""

import time

import pytest
from django.contrib.auth import get_user_model

from bots.services.accounts import bot_accounts_ensure
from ops.demo import DEMO_PASSWORD
from tactics.models import TacticsGame
from tactics.selectors import tactics_legal
from tests.e2e.conftest import log_in
from tests.e2e.test_tactics_page import click, paced

pytestmark = pytest.mark.e2e

LEVELS = {
    "random": "computer-beginner",
    "greedy": "computer-easy",
    "mcts": "computer-medium",
    "mcts-strong": "computer-hard",
}
ANSWERED_WITHIN_S = 90  # the hard level thinks up to 4 s an action, on a loaded test machine
OWN = ("turn", "respawn", "drop", "no-cover", "react")  # what the game asks of the player first


def wait_for(check, seconds: float, why: str):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"waited in vain for {why}")


def start_from_the_room(page, server, level: str) -> TacticsGame:
    page.goto(f"{server.url}/room/")
    form = page.locator("#room-computer form")
    form.locator(f"input[name=level][value='{level}']").check()
    form.locator("select[name=side]").select_option("first")
    form.locator("input[name=heroes_per_side]").fill("1")
    form.locator("input[name=round_limit]").fill("1")
    form.locator("button").click()
    page.wait_for_url("**/tactics/*/")
    page.evaluate("window.loadedOnce = true")  # gone if the page reloads
    game = TacticsGame.objects.select_related("opponent__bot").order_by("-pk").first()
    assert game.opponent.username == LEVELS[level] and game.opponent.bot.tactics_level == level
    assert page.url.endswith(f"/tactics/{game.pk}/")
    return game


def pick_and_deploy(page) -> None:
    """The computer's acceptance arrives (picking), then its picks (deploying), then its cells."""
    page.wait_for_selector("#tactics[data-status='picking'] #t-picks", timeout=ANSWERED_WITHIN_S * 1000)
    page.select_option("#t-picks select[name='hero-0']", "張飛")
    page.click("#t-picks [data-send='picks']")
    page.wait_for_selector("#tactics[data-status='deploying'] #t-deploy", timeout=ANSWERED_WITHIN_S * 1000)
    page.select_option("#t-deploy select[name='cell-張飛']", "d1")
    page.click("#t-deploy [data-send='deploy']")
    page.wait_for_selector(
        "#tactics[data-status='playing'], #tactics[data-status='decided']", timeout=ANSWERED_WITHIN_S * 1000
    )


def play_to_the_end(page, game: TacticsGame, player) -> tuple[TacticsGame, int]:
    """The player starts their hero's turn and ends it; each change the computer made since the
    player's last action is seen arriving on the open page (its version), however fast it came.
    Returns the decided game and how many times the computer's changes were seen arriving."""
    sent: list[float] = []
    seen, mine = 0, game.version
    for _n in range(300):
        game.refresh_from_db()
        if game.version > mine:  # the computer acted since: its change reaches the page by itself
            page.wait_for_function(  # (or a later one, when it acted again meanwhile)
                "v => +document.querySelector('#tactics').dataset.version >= v", arg=game.version, timeout=15_000
            )
            seen, mine = seen + 1, game.version
        if game.status == TacticsGame.Status.DECIDED:
            break
        if game.to_act != "first":  # the computer's turn: wait for its next version
            wait_for(
                lambda v=game.version: TacticsGame.objects.filter(pk=game.pk, version__gt=v).exists(),
                ANSWERED_WITHIN_S,
                "the computer's action",
            )
            continue
        page.wait_for_selector(f"#tactics[data-version='{game.version}'][data-to-act='first']", timeout=15_000)
        actions = tactics_legal(game, player)["actions"]
        action = actions[0] if actions[0]["act"] in OWN else next(a for a in actions if a["act"] == "end")
        paced(sent, 1)
        click(page, action)
        wait_for(
            lambda v=game.version: TacticsGame.objects.filter(pk=game.pk, version__gt=v).exists(),
            15,
            f"the player's {action['act']} applied",
        )
        mine = game.version + 1  # the player's own action: one version
    game.refresh_from_db()
    return game, seen


def test_t13_a_player_plays_the_computer_at_each_level_from_the_room_to_the_end(browser, asgi_server, start_worker):
    worker = start_worker(beat=False)
    bot_accounts_ensure()
    player = get_user_model().objects.create_user("liubei", password=DEMO_PASSWORD)
    page = log_in(browser, asgi_server, "liubei")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    for level in LEVELS:
        game = start_from_the_room(page, asgi_server, level)
        try:
            pick_and_deploy(page)
            game, seen = play_to_the_end(page, game, player)
        except AssertionError as failure:
            raise AssertionError(f"{level}: {failure}\n--- worker log ---\n{worker.output()}") from None
        assert (game.status, game.reason) == ("decided", "round-limit"), level  # T13: one round, then it ends
        assert seen >= 1, level  # its actions arrived on the page (their versions) while it stayed open
        page.wait_for_selector("#tactics[data-status='decided'] #t-after:not([hidden])", timeout=15_000)
        assert page.evaluate("window.loadedOnce === true"), f"{level}: the page reloaded"
    assert not errors
    assert TacticsGame.objects.filter(status="decided").count() == 4
