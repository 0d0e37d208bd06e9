"""The team form of hero tactics (T2.6) in real browsers, over daphne and the real Redis channel
layer: 劉備 challenges 曹操 with two players a side from the challenge form; 關羽 and 許褚 take the
open seats on the game's page; the captains pick and deploy while their teammates' pages say the
captain does; then 關羽's page offers only the hero he commands, names each hero's player on its
card, and his click starts that hero's turn, which his captain's page cannot play."""

import pytest
from django.contrib.auth import get_user_model

from ops.demo import DEMO_PASSWORD
from tactics.models import TacticsGame
from tests.e2e.conftest import log_in
from tests.e2e.test_tactics_page import game_row, pick_and_deploy, wait_for

pytestmark = pytest.mark.e2e


def test_t2_6_four_players_form_two_teams_and_a_seated_player_acts_his_own_hero(browser, asgi_server):
    for name in ("liubei", "caocao", "guanyu", "xuchu"):
        get_user_model().objects.create_user(name, password=DEMO_PASSWORD)
    pages = {name: log_in(browser, asgi_server, name) for name in ("liubei", "caocao", "guanyu", "xuchu")}
    errors: list[str] = []
    for page in pages.values():
        page.on("pageerror", lambda error: errors.append(str(error)))
    liubei = pages["liubei"]
    liubei.goto(f"{asgi_server.url}/tactics/")
    liubei.fill("#tactics-challenge input[name=opponent]", "caocao")
    liubei.fill("#tactics-challenge input[name=seats]", "2")
    liubei.click("#tactics-challenge button")
    liubei.wait_for_url("**/tactics/*/")
    game = game_row()
    assert game.seats == 2
    for name, side in (("guanyu", "first"), ("xuchu", "second")):
        pages[name].goto(f"{asgi_server.url}/tactics/{game.pk}/")
        pages[name].click(f"#t-seats button[data-join='{side}']")
        pages[name].wait_for_selector(f"#t-seats ol[data-side='{side}'] li[data-seat='1']:has-text('{name}')")
    pages["caocao"].goto(f"{asgi_server.url}/tactics/{game.pk}/")
    pages["caocao"].click("#tactics-accept")
    pages["caocao"].wait_for_selector("#tactics[data-status='picking']")
    guanyu = pages["guanyu"]
    guanyu.goto(f"{asgi_server.url}/tactics/{game.pk}/")
    guanyu.wait_for_selector("#tactics[data-status='picking'] #t-setup:not([hidden])")
    assert guanyu.locator("#t-picks").count() == 0 and "liubei" in guanyu.inner_text("#t-setup")
    pick_and_deploy({"first": liubei, "second": pages["caocao"]})  # 呂布, 夏侯淵, 張飛: 夏侯淵 is 關羽's
    guanyu.wait_for_selector("#tactics[data-status='playing'] #t-actions button[data-act='turn']")
    offered = guanyu.locator("#t-actions button[data-act='turn']")
    assert [offered.nth(i).get_attribute("data-hero") for i in range(offered.count())] == ["夏侯淵"]
    assert guanyu.get_attribute("#t-cards .t-card[data-hero='夏侯淵'][data-side='first']", "data-player") == "guanyu"
    assert guanyu.get_attribute("#t-cards .t-card[data-hero='呂布'][data-side='first']", "data-player") == "liubei"
    version = game_row().version
    guanyu.click("#t-actions button[data-act='turn'][data-hero='夏侯淵']")
    wait_for(lambda: TacticsGame.objects.filter(version__gt=version).exists(), why=lambda: str(errors))
    assert game_row().record["actions"] == [{"act": "turn", "side": "first", "hero": "夏侯淵"}]
    liubei.wait_for_selector(f"#tactics[data-version='{version + 1}']")
    assert liubei.locator("#t-actions button").count() == 0  # 夏侯淵's turn: his player's alone
    assert "guanyu" in liubei.inner_text("#t-status")  # the status line names who plays it
    assert errors == []
