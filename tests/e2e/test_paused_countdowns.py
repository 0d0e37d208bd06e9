"""R1.1 While the war is paused nothing falls due: a countdown shows the time
the pause holds, not "due now". An army marches on 漢中 (20 minutes of travel); the organiser
pauses the war 5 minutes later; on the army's page and the dashboard its arrival reads "paused,
15 min 0 s left" however long the pause lasts (the browser's clock is the real one, long past the
test's server time: before the fix every countdown read 已到時, "due now")."""

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User

from battles.services.march import march_start
from ops.demo import DEMO_PASSWORD
from seasons.services.season_life import war_pause
from tests.e2e.conftest import log_in
from tests.worlds import START, make_world

pytestmark = pytest.mark.e2e


@pytest.mark.django_db(transaction=True)
def test_r1_1_a_paused_war_shows_the_time_its_armies_have_left_not_due_now(browser, live_server):
    with time_machine.travel(START, tick=False) as traveller:
        world = make_world()
        slug = world.campaign.slug
        organiser = User.objects.create_user("organiser", password=DEMO_PASSWORD)
        world.campaign.organisers.add(organiser)
        army = march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world["徐晃"], "marshal")])
        left = army.arrives_at - START
        traveller.shift(timedelta(minutes=5))
        war_pause(user=organiser, campaign=world.campaign)
        traveller.shift(timedelta(hours=3))  # a long holiday: the arrival's clock time is long past
        page = log_in(browser, live_server, world["曹操"].user.username)
        minutes = int((left - timedelta(minutes=5)).total_seconds()) // 60
        places = {
            f"/c/{slug}/armies/{army.pk}/": "h1 + p time.countdown",
            f"/c/{slug}/": f"a.army[href$='/armies/{army.pk}/'] time.countdown",
        }
        for url, where in places.items():
            page.goto(live_server.url + url)
            shown = page.locator(where).first
            page.wait_for_timeout(1500)  # a tick of the page's countdowns
            text = shown.inner_text()
            assert "已到時" not in text and "暫停" in text and f"{minutes} 分 0 秒" in text, (url, text)
