"""A campaign's life (R1.1): draft → enrolment → war → ended, each change by an organiser (or
by its own timer), each refusal naming the rule and changing nothing; the gate that refuses the
war's actions before the war, while it is paused and after it ended."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from battles.models import Army
from battles.services.march import march_start
from battles.timer_kinds import ARMY_ARRIVAL, DAY
from campaign import clock as war_clock
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Campaign, Timer
from campaign.timers import timers_sweep
from cities.models import City
from forum.models import Board, Post
from forum.services.boards import thread_create
from orders.services.moves import move_request
from orders.services.personnel import governor_appoint
from seasons.models import WarPause
from seasons.services.season_end import war_end, war_end_set
from seasons.services.season_life import campaign_open_enrolment, war_pause, war_resume, war_start_set

pytestmark = pytest.mark.django_db
ARMY = [("徐晃", "marshal"), ("許褚", "general")]


@pytest.fixture(autouse=True)
def _in_english():
    """The refusals are read in English here (the site's default is Traditional Chinese)."""
    with translation.override("en"):
        yield


@pytest.fixture
def organiser(world) -> User:
    user = User.objects.create_user("organiser", password="x")
    world.campaign.organisers.add(user)
    return user


def in_draft(world) -> Campaign:
    """A campaign born in draft (what the organisers' create page makes): no timer yet."""
    Timer.objects.filter(campaign=world.campaign).delete()
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.DRAFT)
    return fresh(world)


def fresh(world) -> Campaign:
    world.campaign = Campaign.objects.get(pk=world.campaign.pk)
    return world.campaign


def march(world):
    return march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in ARMY])


def test_r1_1_only_an_organiser_moves_a_campaigns_life(world, organiser):
    campaign = in_draft(world)
    with pytest.raises(NotAllowed):
        campaign_open_enrolment(user=world["曹操"].user, campaign=campaign)
    with pytest.raises(NotAllowed):
        war_pause(user=world["曹操"].user, campaign=campaign)
    assert fresh(world).status == Campaign.Status.DRAFT


def test_r1_1_draft_opens_enrolment_once(world, organiser):
    campaign = campaign_open_enrolment(user=organiser, campaign=in_draft(world))
    assert campaign.status == Campaign.Status.ENROLMENT
    with pytest.raises(RuleViolation, match="already open"):
        campaign_open_enrolment(user=organiser, campaign=campaign)


def test_r1_1_in_enrolment_boards_and_personnel_work_but_no_march_or_move(world, organiser):
    campaign_open_enrolment(user=organiser, campaign=in_draft(world))
    with pytest.raises(RuleViolation, match="not started"):
        march(world)
    with pytest.raises(RuleViolation, match="not started"):
        move_request(actor=world["許褚"], destination=world.city("洛陽"))
    palace = Board.objects.get(kind=Board.Kind.PALACE, kingdom__name="魏")
    thread_create(actor=world["曹操"], board=palace, title="招兵", body="來者請報名")
    governor_appoint(actor=world["曹操"], city=world.city("洛陽"), officer=world["郭嘉"])


def test_r1_1_a_start_instant_in_the_past_is_refused(world, organiser, clock):
    campaign = in_draft(world)
    with pytest.raises(RuleViolation, match="future"):
        war_start_set(user=organiser, campaign=campaign, at=war_clock.now() - timedelta(minutes=1))
    assert fresh(world).war_starts_at is None
    assert not Timer.objects.filter(campaign=campaign).exists()


def test_r1_1_r7_1_the_war_starts_at_its_instant_with_its_first_midnight_and_opening_world(world, organiser, clock):
    campaign = in_draft(world)
    now = war_clock.now()
    war_start_set(user=organiser, campaign=campaign, at=now + timedelta(hours=2))
    campaign = war_start_set(user=organiser, campaign=campaign, at=now + timedelta(hours=1))  # changeable until then
    assert not Timer.objects.filter(campaign=campaign, kind=DAY).exists(), "born in draft: no midnight yet"
    with pytest.raises(RuleViolation, match="not started yet: it starts at"):
        march(world)
    clock.shift(timedelta(hours=1, seconds=1))
    timers_sweep()
    campaign = fresh(world)
    assert campaign.status == Campaign.Status.WAR
    assert [k["name"] for k in campaign.opening_world["kingdoms"]] == ["魏", "蜀", "吳"]
    assert Timer.objects.filter(campaign=campaign, kind=DAY, status=Timer.Status.PENDING).count() == 1
    assert Post.objects.filter(event_key__startswith=f"campaign:{campaign.pk}:started").count() == 3
    march(world)
    with pytest.raises(RuleViolation, match="already started"):
        war_start_set(user=organiser, campaign=campaign, at=now + timedelta(days=1))


def test_r1_1_a_pause_while_paused_is_refused_and_war_actions_wait(world, organiser, clock):
    until = war_clock.now() + timedelta(hours=1)
    war_pause(user=organiser, campaign=world.campaign, until=until)
    with pytest.raises(RuleViolation, match="already paused"):
        war_pause(user=organiser, campaign=world.campaign)
    assert WarPause.objects.filter(campaign=world.campaign).count() == 1
    fresh(world)
    with pytest.raises(RuleViolation, match="paused until"):
        march(world)
    with pytest.raises(RuleViolation, match="paused until"):
        move_request(actor=world["許褚"], destination=world.city("洛陽"))
    war_resume(user=organiser, campaign=world.campaign)
    with pytest.raises(RuleViolation, match="not paused"):
        war_resume(user=organiser, campaign=world.campaign)
    fresh(world)
    march(world)


def test_r1_1_the_pause_resumes_by_itself_at_its_planned_end(world, organiser, clock):
    war_pause(user=organiser, campaign=world.campaign, until=war_clock.now() + timedelta(minutes=30))
    clock.shift(timedelta(minutes=29))
    timers_sweep()
    assert fresh(world).paused_at is not None, "held until its planned end"
    clock.shift(timedelta(minutes=1, seconds=1))
    timers_sweep()
    campaign = fresh(world)
    assert campaign.paused_at is None and campaign.paused_until is None
    pause = WarPause.objects.get(campaign=campaign)
    assert pause.ended_at == pause.planned_until


def test_r10_the_organiser_ends_the_war_once_naming_the_winner_and_freezing_it(world, organiser):
    march(world)
    campaign = war_end(user=organiser, campaign=world.campaign)
    assert campaign.status == Campaign.Status.ENDED and campaign.end_reason == Campaign.EndReason.ORGANISER
    assert campaign.winner is None, "three kingdoms of four cities each and equal walls: a tie names nobody"
    assert not Timer.objects.filter(campaign=campaign, status__in=["pending", "paused"]).exists()
    assert Post.objects.filter(event_key__startswith=f"campaign:{campaign.pk}:ended").count() == 3
    with pytest.raises(RuleViolation, match="already ended"):
        war_end(user=organiser, campaign=campaign)
    fresh(world)
    palace = Board.objects.get(kind=Board.Kind.PALACE, kingdom__name="魏")
    with pytest.raises(RuleViolation, match="archived"):
        thread_create(actor=world["曹操"], board=palace, title="t", body="b")
    with pytest.raises(RuleViolation, match="archived"):
        governor_appoint(actor=world["曹操"], city=world.city("洛陽"), officer=world["郭嘉"])
    with pytest.raises(RuleViolation, match="archived"):
        march(world)


def test_r10_the_war_ends_by_itself_at_the_end_instant_naming_the_leader(world, organiser, clock):
    City.objects.filter(name="洛陽").update(wall=299)  # 魏 a point behind on walls
    City.objects.filter(name="江州").update(wall=250)
    war_end_set(user=organiser, campaign=world.campaign, at=war_clock.now() + timedelta(hours=3))
    clock.shift(timedelta(hours=3, seconds=1))
    timers_sweep()
    campaign = fresh(world)
    assert campaign.status == Campaign.Status.ENDED and campaign.end_reason == Campaign.EndReason.DEADLINE
    assert campaign.winner is not None and campaign.winner.name == "吳", "cities tied: the total wall decides"
    assert campaign.ended_at == campaign.war_ends_at


def test_r1_1_ending_a_paused_war_closes_the_pause_and_cancels_what_it_held(world, organiser):
    march(world)
    war_pause(user=organiser, campaign=world.campaign)
    assert Timer.objects.filter(campaign=world.campaign, status=Timer.Status.PAUSED).exists()
    campaign = war_end(user=organiser, campaign=world.campaign)
    assert campaign.paused_at is None and WarPause.objects.get(campaign=campaign).ended_at == campaign.ended_at
    assert not Timer.objects.filter(campaign=campaign, status__in=["pending", "paused"]).exists()
    with pytest.raises(RuleViolation, match="already ended"):
        war_resume(user=organiser, campaign=campaign)


def test_r1_1_the_end_instant_moves_with_the_pause_like_every_deadline(world, organiser, clock):
    ends = war_clock.now() + timedelta(hours=3)
    war_end_set(user=organiser, campaign=world.campaign, at=ends)
    war_pause(user=organiser, campaign=world.campaign)
    clock.shift(timedelta(hours=1))
    war_resume(user=organiser, campaign=fresh(world))
    assert fresh(world).war_ends_at == ends + timedelta(hours=1)
    clock.move_to(ends + timedelta(minutes=30))
    timers_sweep()
    assert fresh(world).status == Campaign.Status.WAR, "not at the instant first set: it moved"


def test_r10_what_falls_due_after_the_end_in_the_same_batch_is_not_applied(world, organiser, clock):
    """The end instant and an army's arrival a minute later, both overdue when the sweeper comes
    (claimed in one batch): the war ends, and the arrival is cancelled with every other pending
    deadline, not applied into an ended war."""
    march(world)
    arrival = Timer.objects.get(campaign=world.campaign, status=Timer.Status.PENDING, kind=ARMY_ARRIVAL)
    war_end_set(user=organiser, campaign=world.campaign, at=arrival.due_at - timedelta(minutes=1))
    clock.move_to(arrival.due_at + timedelta(minutes=5))
    timers_sweep()
    assert fresh(world).status == Campaign.Status.ENDED
    arrival.refresh_from_db()
    assert arrival.status == Timer.Status.CANCELLED and arrival.applied_at is None
    army = Army.objects.get(campaign=world.campaign)
    assert army.status == Army.Status.MARCHING, "the army did not arrive after the end"
