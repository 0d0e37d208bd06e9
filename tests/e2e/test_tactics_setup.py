"""The setup of a hero tactics game on its page (tactics/static/tactics-page.js): picks and
deployment are made at the same time, in secret (T2.3, T2.5), so the opponent's (a person's or the
computer's) may go in while the player is filling the form in."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from tactics.services.setup import tactics_deploy, tactics_pick
from tests.e2e.test_tactics_page import PICKS, accounts, challenge_and_accept, game_row

pytestmark = pytest.mark.e2e


def beside(service, **kwargs) -> None:
    """A service called as the opponent's own process would: off the browser's event loop."""

    def call() -> None:
        try:
            service(**kwargs)
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(call).result()


def test_t2_3_t2_5_the_choices_in_the_form_stay_when_the_opponents_picks_and_cells_arrive(browser, asgi_server):
    """Picks and deployment are simultaneous (T2.3, T2.5): the opponent's going in while the player
    fills the form in (the view drawn again) leaves the player's choices as they were, and what the
    player sends is what they chose."""
    accounts()
    pages, game = challenge_and_accept(browser, asgi_server)
    first, caocao = pages["first"], get_user_model().objects.get(username="caocao")
    first.wait_for_selector("#tactics[data-status='picking'] #t-picks")
    heroes = [hero for hero, _cell in PICKS["first"]]
    for slot, hero in enumerate(heroes):
        first.select_option(f"#t-picks select[name='hero-{slot}']", hero)
    theirs = {"heroes": [{"hero": hero, "skills": [1, 2]} for hero, _cell in PICKS["second"]]}
    beside(tactics_pick, user=caocao, game_id=game.pk, picks=theirs)
    first.wait_for_selector(f"#tactics[data-version='{game_row().version}']")
    assert first.eval_on_selector_all("#t-picks select[name^='hero-']", "s => s.map(x => x.value)") == heroes
    first.click("#t-picks [data-send='picks']")
    first.wait_for_selector("#tactics[data-status='deploying'] #t-deploy")
    for hero, cell in PICKS["first"]:
        first.select_option(f"#t-deploy select[name='cell-{hero}']", cell)
    beside(tactics_deploy, user=caocao, game_id=game.pk, cells=dict(PICKS["second"]))
    first.wait_for_selector(f"#tactics[data-version='{game_row().version}']")
    cells = first.eval_on_selector_all("#t-deploy select", "s => s.map(x => [x.dataset.hero, x.value])")
    assert dict(cells) == dict(PICKS["first"])
    first.click("#t-deploy [data-send='deploy']")
    first.wait_for_selector("#tactics[data-status='playing']")
    assert [entry["hero"] for entry in game_row().picks["first"]["heroes"]] == heroes
    assert game_row().deployments["first"] == dict(PICKS["first"])
