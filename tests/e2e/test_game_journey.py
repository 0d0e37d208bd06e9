"""R6.1, R11.3 in a real browser: a siege call taken up, the record reported in Chinese
notation, the claim confirmed by the opponent, and the wall lower on the siege page."""

import time
from datetime import timedelta

import pytest

from battles.models import Siege
from battles.services.march import march_start
from campaign.timers import timers_sweep
from play.models import Game
from tests.e2e.conftest import log_in
from tests.worlds import make_world

pytestmark = pytest.mark.e2e


@pytest.mark.django_db(transaction=True)
def test_r6_1_r11_3_call_answer_report_and_confirm(browser, live_server):
    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0)  # war all day: any CI hour
    march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    time.sleep(1.2)
    timers_sweep()
    siege = Siege.objects.get()
    siege_url = f"{live_server.url}/c/{world.campaign.slug}/sieges/{siege.pk}/"

    marshal = log_in(browser, live_server, "xuhuang")
    marshal.goto(siege_url)
    marshal.select_option("select[name=attacker]", label="許褚")
    marshal.click("text=叫陣")
    assert "已叫陣" in marshal.inner_text(".messages")

    defender = log_in(browser, live_server, "weiyan")
    defender.goto(siege_url)
    defender.click("button:has-text('應戰')")
    assert "已應戰" in defender.inner_text(".messages")
    game = Game.objects.get()
    assert game.status == Game.Status.PENDING and game.defender.name == "魏延"

    player = log_in(browser, live_server, "xuchu")
    player.goto(f"{live_server.url}/c/{world.campaign.slug}/games/{game.pk}/")
    player.fill("textarea[name=record]", "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８")
    player.select_option("select[name=claimed]", value="attacker")
    player.click("button:has-text('回報')")
    assert "待對手確認" in player.inner_text(".messages")
    assert "炮二平五" in player.inner_text("ol.moves")

    defender.goto(f"{live_server.url}/c/{world.campaign.slug}/games/{game.pk}/")
    defender.click("button:has-text('確認')")
    defender.wait_for_selector("text=攻方勝")
    defender.goto(siege_url)
    assert "490 / 500" in defender.inner_text("h2")
    assert Game.objects.get().result == "attacker"
