"""Notices in a real browser: a defender with the dashboard open is told of a new siege call
without a reload (pushed: the outbox row, a real Celery worker, the channel layer, the page's
websocket; how fast is measured by bench/notices.py, not here), and the count of duties in the
bar goes up; a challenged general sees the stratagem's notice with its 10-minute countdown, a
browser notification while the tab is in the background, and the item on their duties page; an
item done elsewhere leaves the page."""

from datetime import timedelta

import pytest

from battles.models import Army, Siege
from battles.services.march import march_start
from battles.services.siege import siege_call
from battles.services.stratagems import stratagem_challenge
from tests.e2e.conftest import log_in
from tests.workers import wait_for
from tests.worlds import make_world

pytestmark = pytest.mark.e2e

PUSHED_WITHIN_MS = 15_000  # a bound for a loaded test machine; the page never reloads meanwhile


def test_duties_are_pushed_to_open_pages(browser, asgi_server, start_worker):
    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0, war_end_minute=1440)
    worker = start_worker(sweep_seconds=1)
    march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    siege = wait_for(lambda: Siege.objects.filter(city__name="漢中").first(), 30, "the siege", worker)
    slug = world.campaign.slug

    defender = log_in(browser, asgi_server, "weiyan")
    defender.goto(f"{asgi_server.url}/c/{slug}/")
    defender.wait_for_selector("#notices[data-connected='1']", state="attached")
    before = int(defender.inner_text("#duty-count"))
    game = siege_call(actor=world["徐晃"], army=Army.objects.get(siege=siege), attacker=world["許褚"])
    notice = defender.wait_for_selector(f".notice[data-key='game:{game.pk}:call']", timeout=PUSHED_WITHIN_MS)
    assert "許褚在漢中攻城叫陣" in notice.inner_text(), notice.inner_text()
    assert int(defender.inner_text("#duty-count")) == before + 1

    general = log_in(browser, asgi_server, "zhangfei")
    # The tab in the background, notifications allowed: the page raises a browser notification
    # (the browser's own Notification is recorded here, since a headless one shows nothing).
    general.add_init_script(
        """
        Object.defineProperty(document, "hidden", {get: () => true});
        window.shown = [];
        window.Notification = class { constructor(title, options) { window.shown.push([title, options.body]); } };
        window.Notification.permission = "granted";
        """
    )
    general.goto(f"{asgi_server.url}/c/{slug}/duties/")
    general.wait_for_selector("#notices[data-connected='1']", state="attached")
    assert general.locator(f"li[data-duty-key='game:{game.pk}:call']").count() == 1  # the governor assigns
    stratagem = stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    key = f"stratagem:{stratagem.pk}:challenge"
    countdown = general.wait_for_selector(f".notice[data-key='{key}'] time.countdown", timeout=PUSHED_WITHIN_MS)
    general.wait_for_function("el => el.textContent.includes('分')", arg=countdown, timeout=PUSHED_WITHIN_MS)
    minutes = int(countdown.inner_text().split("分")[0].split()[-1])
    assert minutes in (9, 10), countdown.inner_text()  # R9.3: ten minutes to take up the game
    assert general.locator(f"#duties li[data-duty-key='{key}'] time.countdown").count() == 1
    shown = general.evaluate("window.shown")
    assert shown and shown[-1][0] == "象棋攻城" and "郭嘉" in shown[-1][1], shown
    # The defender takes up the call elsewhere: the governor's page drops it at once.
    from battles.services.siege import siege_call_answer

    siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    general.wait_for_selector(f"li[data-duty-key='game:{game.pk}:call']", state="detached", timeout=PUSHED_WITHIN_MS)
