"""A whole season run from the site alone, in a real browser (R1.1, R2.1, R4, R10): an organiser
uploads the demo's world file (its kingdoms, cities and roads: a file uploaded on the site names
no player) and changes two settings; three new players sign up (their confirmation mails received
by a real local SMTP server, aiosmtpd, and the links followed); two join 魏 through the
organiser's invitation links and one applies; the organiser admits them with stars, kinds and
cities and appoints 鄧艾 the king of 魏 (R1.2); the organiser adds a city to 魏 (so that the
standings are not a three-way tie) and starts the war; the king orders a march; the organiser pauses for 30 minutes
(time moved by the test: the live server runs in this process, so time-machine moves its clock
too) and resumes, and the march arrives exactly 30 minutes later than it would have; the organiser
ends the war; the standings page names the winner; a new season is made from it.

Each step is a segment of tests/e2e/season/, driving only the pages. Two things stand in for what
is not a page: the site admin's grant (the organiser's permission) and the worker at the start instant (the timers
swept in this process, as the life segment's test does)."""

from datetime import datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.models import Permission, User

from battles.models import Army
from campaign.models import Campaign, Kingdom, Officer
from ops.demo import DEMO_PASSWORD
from tests.e2e.conftest import log_in
from tests.e2e.season.accounts import sign_up
from tests.e2e.season.joining import admit, apply, follow_invitation, make_invitation
from tests.e2e.season.life import (
    season_war_end,
    season_war_pause,
    season_war_resume,
    season_war_start,
    season_war_started,
)
from tests.e2e.season.organise import organise_from_demo_file
from tests.e2e.season.standings import next_season, standings_winner
from tests.worlds import START

pytestmark = pytest.mark.e2e

PLAYERS = [  # (username, officer's name, stars, kind, city); the last one applies
    ("dengai", "鄧艾", 20, "general", "長安"),  # the king to be, the marshal proposed
    ("zhonghui", "鍾會", 8, "strategist", "洛陽"),
    ("chenshou", "陳壽", 5, "historian", "許昌"),
]


def _arrival_shown(page, base: str, army_id: int) -> datetime:
    page.goto(f"{base}/armies/{army_id}/")
    return datetime.fromisoformat(page.get_attribute("time.countdown", "datetime"))


def _march(page, base: str, origin: int, target: int, member: int) -> None:
    """The king orders a march on the War page: origin, target and one member, proposed as the
    army's marshal by the stars (R4.2, R4.3: the most stars in the city), the route previewed (R4.5)."""
    page.goto(f"{base}/war/")
    page.select_option("#march-fields select[name=origin]", str(origin))
    page.wait_for_selector(f"#march-fields input[name=member][value='{member}']")
    page.select_option("#march-fields select[name=target]", str(target))
    page.check(f"#march-fields input[name=member][value='{member}']")
    page.wait_for_selector("#march-preview:has-text('已選 1 人')")
    page.click("#march-fields ~ button[data-once]")
    page.wait_for_selector(".messages")


def _city_add(page, base: str, name: str, owner: str, road_to: str) -> None:
    """The organiser adds a frontier city to a kingdom on the draft's world page, with its first road."""
    page.goto(f"{base}/organise/world/")
    form = page.locator("#city-add")
    form.locator("input[name=name]").fill(name)
    form.locator("select[name=kingdom]").select_option(label=owner)
    form.locator("select[name=road_to]").select_option(label=road_to)
    form.locator("button").click()
    page.wait_for_selector(".messages")


def _players_join(browser, live_server, mailbox, campaign: Campaign, organiser):
    """The three players sign up; two follow the organiser's invitation links, the last applies;
    the organiser admits all three on 魏's page and appoints 鄧艾 its king (R1.2: a kingdom without
    a king is given one by an organiser). Returns the king's page (鄧艾's)."""
    players = {u: sign_up(browser, live_server, mailbox, u, f"{u}@example.org", DEMO_PASSWORD) for u, *_ in PLAYERS}
    wei = Kingdom.objects.get(campaign=campaign, name="魏")
    for username, *_ in PLAYERS[:2]:
        follow_invitation(players[username], make_invitation(organiser, wei))
    apply(players[PLAYERS[2][0]], campaign.slug, "魏", "願為魏史官，記此一役。")
    organiser.goto(f"{live_server.url}/c/{campaign.slug}/kingdoms/{wei.pk}/")
    for username, name, stars, kind, city in PLAYERS:
        admit(organiser, username, name, stars, kind, city)
    joined = Officer.objects.filter(campaign=campaign, user__username__in=[p[0] for p in PLAYERS])
    assert sorted((o.name, o.stars, o.kind, o.city.name, o.kingdom.name) for o in joined) == sorted(
        (name, stars, kind, city, "魏") for _u, name, stars, kind, city in PLAYERS
    )
    organiser.select_option("#king select[name=officer]", label="鄧艾 (20★)")
    organiser.click("#king button")
    organiser.wait_for_selector(".messages")
    assert Kingdom.objects.get(pk=wei.pk).king.name == "鄧艾"
    return players[PLAYERS[0][0]]


def _organiser() -> User:
    """A site admin lets this user organise campaigns (the permission on their admin page)."""
    user = User.objects.create_user("organiser", password=DEMO_PASSWORD)
    user.user_permissions.add(Permission.objects.get(codename="organise_campaigns"))
    return user


@pytest.mark.django_db(transaction=True)
def test_a_community_runs_a_whole_season_from_the_site(browser, live_server, mailbox):
    with time_machine.travel(START, tick=False) as traveller:  # stopped: the pause lasts 30 minutes exactly
        _organiser()
        slug = organise_from_demo_file(browser, live_server, "organiser", slug="community-war")
        campaign = Campaign.objects.get(slug=slug)
        assert (campaign.status, campaign.travel_time, campaign.pursuers) == ("draft", timedelta(minutes=25), 4)
        base = f"{live_server.url}/c/{slug}"
        organiser = log_in(browser, live_server, "organiser")
        _city_add(organiser, base, "官渡", "魏", "許昌")  # the world changes in draft: 魏 holds five cities
        assert campaign.cities.get(name="官渡").kingdom.name == "魏"
        organiser.goto(f"{base}/organise/season/")
        organiser.click("form[action$='/organise/season/enrolment/'] button")
        organiser.wait_for_load_state()
        assert Campaign.objects.get(pk=campaign.pk).status == Campaign.Status.ENROLMENT

        king = _players_join(browser, live_server, mailbox, campaign, organiser)

        starts = (START + timedelta(minutes=5)).replace(second=0)
        season_war_start(browser, live_server, organiser, slug, starts, campaign.zone)
        season_war_started(traveller, starts)
        assert Campaign.objects.get(pk=campaign.pk).status == Campaign.Status.WAR

        dengai = Officer.objects.get(campaign=campaign, name="鄧艾")
        origin, target = dengai.city_id, campaign.cities.get(name="漢中").pk
        _march(king, base, origin, target, dengai.pk)
        army = Army.objects.filter(campaign=campaign).first()
        assert army is not None, king.inner_text(".messages")
        before = _arrival_shown(king, base, army.pk)
        assert before - datetime.now(tz=before.tzinfo) >= timedelta(minutes=25)  # the organiser's travel time
        season_war_pause(browser, live_server, organiser, slug)
        traveller.shift(timedelta(minutes=30))
        season_war_resume(browser, live_server, organiser, slug)
        after = _arrival_shown(king, base, army.pk)
        assert after - before == timedelta(minutes=30), "the march arrives exactly the pause's length later"

        named = season_war_end(browser, live_server, organiser, slug)
        ended = Campaign.objects.select_related("winner").get(pk=campaign.pk)
        assert (ended.status, ended.winner.name if ended.winner else None) == ("ended", "魏")  # most cities
        assert "魏" in named
        assert standings_winner(organiser, slug) == ended.winner.name

        next_season(organiser, slug, "三國攻城戰 · 第二季", "community-war-2", officers=True)
        second = Campaign.objects.get(slug="community-war-2")
        assert (second.status, second.previous_season_id) == (Campaign.Status.DRAFT, campaign.pk)
        assert second.officers.filter(name="鄧艾", stars=20).exists()
        assert not second.timers.exists()  # a draft: nothing runs until its war starts
