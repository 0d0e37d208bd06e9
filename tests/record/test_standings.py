"""Standings and chronicle (docs/organising.md "Standings, chronicle and next season"): the kingdoms ranked
by capitals, cities and wall (R10), the merit table counted from a small war played through the
services, the chronicle's days in the campaign's zone, and the historians' pins (R1.6)."""

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db.models import Count, Q, Sum
from django.urls import reverse

from battles.services.stratagems import stratagem_challenge
from campaign import clock as war_clock
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Kingdom
from campaign.timers import timers_sweep
from cities.models import City
from forum.models import ChroniclePin
from forum.services.boards import post_hide, post_reply, thread_create
from forum.services.chronicle import chronicle_pin, chronicle_unpin
from record.selectors.chronicle import chronicle_day
from record.selectors.standings import kingdoms_ranked, merit_table, standings_page
from tests.worlds import besiege, make_world, play

TAIPEI = ZoneInfo("Asia/Taipei")
ARMY = [("徐晃", "marshal"), ("許褚", "general")]


@pytest.fixture
def weak_world(clock, db):
    """Walls of 12 everywhere: one won game against a governor (12 points) brings one to 0."""
    return make_world(capital_wall=12, buffer_wall=12, frontier_wall=12, unanswered_points=0, outnumbered_points=0)


def small_war(world, clock):
    """郭嘉's siege ploy on 張飛 takes effect (R9.3: no answer in 10 minutes); 魏 besieges 漢中 and
    許褚's won game brings its wall to 0: the city falls and its defenders 張飛 and 魏延 are taken."""
    world.online("張飛")
    stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    clock.shift(timedelta(minutes=10, seconds=1))
    timers_sweep()
    army = besiege(world, clock, "漢中", ARMY, online=("張飛",))
    play(world, army, "許褚", "張飛", "attacker")
    return army


def end_war(campaign: Campaign, winner: Kingdom, at: datetime) -> None:
    """As war_end (another part's service) leaves an ended campaign: set directly in the test's set-up."""
    Campaign.objects.filter(pk=campaign.pk).update(
        status=Campaign.Status.ENDED, winner=winner, end_reason=Campaign.EndReason.ORGANISER, ended_at=at
    )


def test_r10_kingdoms_ranked_by_capitals_then_cities_then_wall(weak_world, clock):
    small_war(weak_world, clock)
    ranked = kingdoms_ranked(campaign=weak_world.campaign)
    held = (
        City.objects.filter(campaign=weak_world.campaign)
        .values("kingdom__name")
        .annotate(n=Count("pk"), capitals=Count("pk", filter=Q(kind="capital")), wall=Sum("wall"))
    )
    expected = sorted(held, key=lambda r: (-r["capitals"], -r["n"], -r["wall"]))
    assert [line.kingdom.name for line in ranked] == [r["kingdom__name"] for r in expected if r["kingdom__name"]]
    wei = next(line for line in ranked if line.kingdom.name == "魏")
    assert wei.cities == next(r["n"] for r in held if r["kingdom__name"] == "魏"), "漢中 counts for 魏 now"
    assert [line.rank for line in ranked] == [1, 2, 3]


def test_merit_games_cities_prisoners_and_stratagems_counted(weak_world, clock):
    small_war(weak_world, clock)
    merit = {m.officer.name: m for m in merit_table(campaign=weak_world.campaign)}
    xu = merit["許褚"]
    assert (xu.games_won, xu.cities_taken, xu.prisoners_taken) == (1, 1, 2), "the game that took the wall to 0"
    assert merit["郭嘉"].stratagems == 1
    assert "張飛" not in merit and "徐晃" not in merit, "a lost game and a marshal whose member took it earn nothing"
    assert list(merit)[0] == "許褚", "cities taken first"


def test_merit_a_defender_who_wins_takes_the_attacker_prisoner(weak_world, clock):
    army = besiege(weak_world, clock, "漢中", ARMY, online=("張飛",))
    play(weak_world, army, "許褚", "張飛", "defender")
    merit = {m.officer.name: m for m in merit_table(campaign=weak_world.campaign)}
    assert weak_world["許褚"].whereabouts == "prisoner", "R6.2: a losing attacker is taken"
    assert (merit["張飛"].games_won, merit["張飛"].prisoners_taken, merit["張飛"].cities_taken) == (1, 1, 0)
    assert "許褚" not in merit


def test_the_standings_page_names_the_winner_once_the_war_has_ended(weak_world, clock, client):
    small_war(weak_world, clock)
    url = reverse("standings", args=[weak_world.campaign.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "data-winner" not in page, "no winner while the war goes on"
    end_war(weak_world.campaign, weak_world["曹操"].kingdom, war_clock.now())
    client.cookies.load({"django_language": "en"})
    page = client.get(url).content.decode()
    assert 'data-winner="魏"' in page and "魏 won" in page
    client.cookies.load({"django_language": "zh-hant"})
    assert client.get(url).status_code == 200


def test_the_chronicle_counts_its_days_in_the_campaigns_zone(weak_world, clock):
    """R7.1: the first midnight of Taipei (16:00 UTC the day before) is on the next day's page."""
    world = weak_world
    small_war(world, clock)  # 漢中 falls: its wall at 6 of 12 rises at midnight
    clock.move_to(datetime(2026, 5, 2, 0, 0, 1, tzinfo=TAIPEI))
    timers_sweep()
    first = chronicle_day(campaign=world.campaign, day=date(2026, 5, 1))
    second = chronicle_day(campaign=world.campaign, day=date(2026, 5, 2))
    assert first.daily == [] and first.following == date(2026, 5, 2) and first.previous is None
    below = City.objects.filter(campaign=world.campaign, wall__lt=12).count()
    assert [(d.field, d.rows) for d in second.daily] == [("wall", below)] and below >= 1
    assert not second.ledger and second.previous == date(2026, 5, 1)
    assert chronicle_day(campaign=world.campaign).day == date(2026, 5, 2), "the last day by default"
    assert chronicle_day(campaign=world.campaign, day=date(2030, 1, 1)).day == date(2026, 5, 2)


def test_the_chronicle_tells_the_ledger_and_the_system_posts_of_the_day(weak_world, clock):
    small_war(weak_world, clock)
    day = chronicle_day(campaign=weak_world.campaign, day=date(2026, 5, 1))
    causes = {e.cause for e in day.ledger}
    assert {"ploy", "won", "taken"} <= causes
    assert any(p.thread.board.city.name == "漢中" for p in day.posts)
    assert all(p.thread.board.kind == "city" for p in day.posts), "the palaces stay private (R1.2)"


def account(world, author="王粲", city="許昌"):
    thread = thread_create(actor=world[author], board=world.city(city).board, title="戰記", body="五月一日")
    return thread.posts.get()


def test_r1_6_a_historian_pins_their_own_post_into_the_chronicle(world, clock):
    post = account(world)
    pin = chronicle_pin(actor=world["王粲"], post=post)
    assert pin.day == date(2026, 5, 1)
    assert [p.post_id for p in chronicle_day(campaign=world.campaign).pins] == [post.pk]
    with pytest.raises(RuleViolation):
        chronicle_pin(actor=world["王粲"], post=post)  # once per post
    chronicle_unpin(actor=world["王粲"], post=post)
    assert not ChroniclePin.objects.exists()


def test_r1_6_only_a_historian_and_only_their_own_shown_city_post(world, clock):
    own = account(world, author="郭嘉", city="洛陽")
    with pytest.raises(NotAllowed):
        chronicle_pin(actor=world["郭嘉"], post=own)  # a strategist
    with pytest.raises(NotAllowed):
        chronicle_pin(actor=world["王粲"], post=own)  # another's post
    post = account(world)
    post_hide(actor=world["曹操"], post=post)
    with pytest.raises(RuleViolation):
        chronicle_pin(actor=world["王粲"], post=post)
    palace = thread_create(actor=world["王粲"], board=world["曹操"].kingdom.palace, title="密", body="宮中")
    with pytest.raises(RuleViolation):
        chronicle_pin(actor=world["王粲"], post=palace.posts.get())
    reply = post_reply(actor=world["王粲"], thread=own.thread, body="記之")
    end_war(world.campaign, world["曹操"].kingdom, reply.created_at)
    with pytest.raises(RuleViolation):
        chronicle_pin(actor=world["王粲"], post=reply)  # ended: read-only
    assert not ChroniclePin.objects.exists()


def test_r1_6_the_pin_button_shows_on_a_historians_own_posts(world, clock, client):
    post = account(world)
    client.force_login(world["王粲"].user)
    page = client.get(reverse("thread", args=[world.campaign.slug, post.thread_id])).content.decode()
    assert reverse("post-pin", args=[world.campaign.slug, post.pk]) in page
    client.force_login(world["曹操"].user)
    page = client.get(reverse("thread", args=[world.campaign.slug, post.thread_id])).content.decode()
    assert reverse("post-pin", args=[world.campaign.slug, post.pk]) not in page


def test_the_standings_and_a_chronicle_day_read_a_pinned_number_of_queries(
    weak_world, clock, django_assert_num_queries
):
    """The ranking 2, the merit table 8 (a city fallen, prisoners taken), the winner 1; a day of the
    chronicle 7: however long the war (the day's change summed, each list capped)."""
    small_war(weak_world, clock)
    end_war(weak_world.campaign, weak_world["曹操"].kingdom, war_clock.now())
    campaign = Campaign.objects.get(pk=weak_world.campaign.pk)
    with django_assert_num_queries(11):
        view = standings_page(campaign=campaign)
    assert view.winner.name == "魏" and view.merit[0].cities_taken == 1
    with django_assert_num_queries(7):
        chronicle_day(campaign=campaign, day=date(2026, 5, 1))


def test_merit_a_wall_worn_to_0_by_the_clock_is_the_marshals_city(clock, db):
    """R7.3: no defender took up the call, the period's points bring the wall to 0 (no game did it):
    the conquering army's marshal is credited with the city and its defenders taken."""
    world = make_world(capital_wall=12, buffer_wall=12, frontier_wall=12, unanswered_points=12, outnumbered_points=0)
    army = besiege(world, clock, "漢中", ARMY)
    clock.move_to(army.besieging_from + world.campaign.penalty_period + timedelta(seconds=1))
    timers_sweep()
    assert world.city("漢中").kingdom.name == "魏"
    merit = {m.officer.name: m for m in merit_table(campaign=world.campaign)}
    assert (merit["徐晃"].cities_taken, merit["徐晃"].games_won, merit["徐晃"].prisoners_taken) == (1, 0, 2)


def test_the_standings_page_leads_an_organiser_to_the_next_season_and_the_archive(world, client):
    url = reverse("standings", args=[world.campaign.slug])
    client.force_login(world["曹操"].user)
    assert "data-organise" not in client.get(url).content.decode()
    world.campaign.organisers.add(world["曹操"].user)
    page = client.get(url).content.decode()
    assert reverse("organise-next-season", args=[world.campaign.slug]) in page
    assert reverse("organise-export", args=[world.campaign.slug]) in page


def test_r1_6_no_pin_button_once_the_war_has_ended(world, clock, client):
    post = account(world)
    end_war(world.campaign, world["曹操"].kingdom, war_clock.now())
    client.force_login(world["王粲"].user)
    page = client.get(reverse("thread", args=[world.campaign.slug, post.thread_id])).content.decode()
    assert reverse("post-pin", args=[world.campaign.slug, post.pk]) not in page, "ended: read-only"
