"""The season's end in a real browser: an ended campaign's standings page names its winner, and
an organiser makes the next season (in draft, the officers carried over) from its form."""

import pytest

from campaign.models import Campaign, Timer
from tests.e2e.conftest import log_in
from tests.e2e.season.standings import next_season, standings_winner
from tests.worlds import make_world

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
WIDTH = "document.documentElement.scrollWidth"


@pytest.mark.django_db(transaction=True)
def test_the_winner_is_named_and_a_next_season_is_made(browser, live_server):
    world = make_world()
    campaign = world.campaign
    campaign.organisers.add(world["荀彧"].user)
    # As war_end (another part's service) leaves it: set directly in the set-up.
    Campaign.objects.filter(pk=campaign.pk).update(
        status=Campaign.Status.ENDED, winner=world["曹操"].kingdom, end_reason=Campaign.EndReason.ORGANISER
    )
    reader = log_in(browser, live_server, "guojia")
    reader.set_viewport_size(PHONE)
    assert standings_winner(reader, campaign.slug) == "魏"
    assert reader.evaluate(WIDTH) <= PHONE["width"], "no sideways scroll at 390 px"
    organiser = log_in(browser, live_server, "xunyu")
    organiser.set_viewport_size(PHONE)
    organiser.goto(f"{live_server.url}/c/{campaign.slug}/organise/next-season/")
    assert organiser.evaluate(WIDTH) <= PHONE["width"]
    next_season(organiser, campaign.slug, "三國攻城戰 · 第二季", "season-2", officers=True)
    season = Campaign.objects.get(slug="season-2")
    assert season.status == Campaign.Status.DRAFT and season.previous_season_id == campaign.pk
    assert season.officers.count() == campaign.officers.count()
    assert not Timer.objects.filter(campaign=season).exists()
