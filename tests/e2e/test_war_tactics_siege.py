"""A siege decided by a hero tactics game, in real browsers (W1–W7, R6.2), served over websockets by
daphne on the real Redis channel layer. A campaign set to 戰棋 (W1) is at war: 魏 besieges 漢中
(the march by the services, the calling not being the point). On the siege's page 徐晃 calls 許褚
to a siege game and 魏延 takes the call up; each opens the battle's game from the siege's page and
its hero tactics game from there, and they pick, deploy and play it by clicking until 許褚's side
destroys the defender's base. No one claims or enters a result (W4): the wall on the siege's page
and on the campaign's home falls by 魏延's defence points with its ledger line, and the siege's
page says the attacker won."""

from datetime import timedelta

import pytest
from django.utils import translation

from battles.models import Army, Siege
from play.models import Game
from tests.e2e.conftest import log_in
from tests.e2e.test_tactics_page import pick_and_deploy, played_out
from tests.worlds import make_world

pytestmark = pytest.mark.e2e
ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def besieged(world) -> Siege:
    """魏's army before 漢中 (travel_time 1 s: it arrives a second after marching)."""
    import time

    from battles.services.march import march_start
    from campaign.timers import timers_sweep

    army = march_start(
        actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], rank) for n, rank in ARMY]
    )
    time.sleep(1.2)
    timers_sweep()
    siege = Army.objects.select_related("siege").get(pk=army.pk).siege
    assert siege is not None, "the army arrived and besieges the city"
    return siege


def _siege_call_on_the_page(browser, server, url: str) -> None:
    """The army's marshal calls 許褚 to a siege game; 魏延 takes the call up for himself."""
    marshal = log_in(browser, server, "xuhuang")
    marshal.goto(url)
    marshal.select_option("form[action$='/calls/'] select[name=attacker]", label="許褚")
    marshal.click("form[action$='/calls/'] button")
    marshal.wait_for_selector("tr[data-status='called']")
    defender = log_in(browser, server, "weiyan")
    defender.goto(url)
    defender.select_option("tr[data-status='called'] select[name=defender]", label="魏延")
    defender.click("tr[data-status='called'] form button")
    defender.wait_for_selector("tr[data-status='pending']")


def _tactics_page_from_the_siege(page, url: str) -> None:
    """From the siege's page to the battle's game, and from there to its hero tactics game."""
    page.goto(url)
    page.click("tr[data-status='pending'] td:first-child a")
    page.wait_for_selector("[data-tactics-game] [data-tactics-link]")
    page.click("[data-tactics-link]")
    page.wait_for_url("**/tactics/*/")


def test_w1_w4_r6_2_a_siege_decided_on_the_hero_tactics_page_lowers_the_wall(browser, asgi_server):
    """W1: the campaign's battle game is 戰棋, so the call taken up makes a hero tactics game between
    the two officers (W2: each commands its side's three heroes; R6.1: the attacker is 先手). W4: the
    base at 0 decides the game and its battle at once, with no claim. R6.2: the attacker's win takes
    the defending player's rank points (魏延, 巡守: 10) off the wall, on the ledger as R6.2."""
    world = make_world(battle_game="tactics", travel_time=timedelta(seconds=1), war_start_minute=0)
    siege = besieged(world)
    url = f"{asgi_server.url}/c/{world.campaign.slug}/sieges/{siege.pk}/"
    wall = world.city("漢中").wall
    _siege_call_on_the_page(browser, asgi_server, url)
    game = Game.objects.get(siege=siege)
    assert game.game_kind == "tactics" and (game.attacker.name, game.defender.name) == ("許褚", "魏延")

    pages = {"first": log_in(browser, asgi_server, "xuchu"), "second": log_in(browser, asgi_server, "weiyan")}
    errors: list[str] = []
    for page in pages.values():
        page.on("pageerror", lambda error: errors.append(str(error)))
        _tactics_page_from_the_siege(page, url)
    pick_and_deploy(pages)  # W2: no challenge to accept; the attacker picks as 先手 (R6.1)
    tactics = played_out(pages, errors)
    assert (tactics.status, tactics.outcome, tactics.reason) == ("decided", "first", "base"), errors
    for page in pages.values():
        page.wait_for_selector("#tactics[data-status='decided'] #t-after:not([hidden])")

    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("decided", "attacker", "base"), "W4: no claim"
    reader = pages["second"]
    reader.goto(url)
    assert reader.inner_text(".wall-value") == f"{wall - 10} / {world.city('漢中').wall_max}", "R6.2"
    ledger = reader.locator("table.ledger").first.locator("tbody tr:not(.muted)").all_inner_texts()
    assert len(ledger) == 1 and "-10" in ledger[0] and "R6.2" in ledger[0], ledger
    row = reader.inner_text(f"tr[data-game='{game.pk}']")
    with translation.override("zh-hant"):
        assert str(Game.Result.ATTACKER.label) in row and str(Game.Status.DECIDED.label) in row, row
    reader.goto(f"{asgi_server.url}/c/{world.campaign.slug}/")
    hanzhong = reader.locator("tr:has-text('漢中') .wall-value").first.inner_text()
    assert hanzhong.startswith(f"{wall - 10} "), hanzhong
