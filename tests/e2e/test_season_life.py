"""A campaign's life in a real browser (R1.1): the organiser sets the war's start, the war starts
at that instant, a march is on the road, the organiser pauses for 30 minutes (time moved by the
test: the live server runs in this process, so time-machine moves its clock too) and resumes,
and the march's arrival shown on its page is exactly 30 minutes later; then the war is ended."""

from datetime import datetime, timedelta
from pathlib import Path

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.models import User

from battles.services.march import march_start
from battles.timer_kinds import DAY
from campaign.models import Campaign, Timer
from campaign.timers import timers_sweep
from ops.demo import DEMO_PASSWORD
from tests.e2e.conftest import log_in
from tests.e2e.season.life import (
    season_war_end,
    season_war_pause,
    season_war_resume,
    season_war_start,
    season_war_started,
)
from tests.worlds import START, make_world

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
SHOTS = Path(settings.VAR_DIR) / "screenshots"
WIDE = "document.scrollingElement.scrollWidth > window.innerWidth"


def arrival_shown(page, live_server, slug: str, army_id: int) -> datetime:
    page.goto(f"{live_server.url}/c/{slug}/armies/{army_id}/")
    return datetime.fromisoformat(page.get_attribute("time.countdown", "datetime"))


@pytest.mark.django_db(transaction=True)
def test_r1_1_the_organiser_starts_pauses_resumes_and_ends_the_war(browser, live_server):
    with time_machine.travel(START, tick=False) as traveller:  # stopped: the pause lasts 30 minutes exactly
        world = make_world()
        slug, zone = world.campaign.slug, world.campaign.zone
        Timer.objects.filter(campaign=world.campaign, kind=DAY).delete()  # as the create page leaves it
        Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
        world.campaign.organisers.add(User.objects.create_user("organiser", password=DEMO_PASSWORD))
        page = log_in(browser, live_server, "organiser")

        starts = (START + timedelta(minutes=5)).replace(second=0)
        season_war_start(browser, live_server, page, slug, starts, zone)
        season_war_started(traveller, starts)  # the start's timer (a worker's in production)
        assert Campaign.objects.get(pk=world.campaign.pk).status == Campaign.Status.WAR

        army = march_start(  # the march page's order (another segment of the journey)
            actor=world["曹操"], target=world.city("漢中"), organisation=[(world["徐晃"], "marshal")]
        )
        before = arrival_shown(page, live_server, slug, army.pk)
        season_war_pause(browser, live_server, page, slug)
        page.set_viewport_size(PHONE)  # the season page on a phone: no sideways scroll
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "season-paused.png"), full_page=True)
        assert not page.evaluate(WIDE), "the season page scrolls sideways at 390 px"
        traveller.shift(timedelta(minutes=30))
        timers_sweep()
        season_war_resume(browser, live_server, page, slug)
        after = arrival_shown(page, live_server, slug, army.pk)
        paused = world.campaign.pauses.get()
        assert paused.ended_at - paused.started_at == timedelta(minutes=30)
        assert after - before == timedelta(minutes=30), "the arrival moved by exactly the pause"

        assert season_war_end(browser, live_server, page, slug)
        page.screenshot(path=str(SHOTS / "season-ended.png"), full_page=True)
        assert not page.evaluate(WIDE), "the ended season page scrolls sideways at 390 px"
        assert Campaign.objects.get(pk=world.campaign.pk).status == Campaign.Status.ENDED
