"""A pause of the war (R1.1) moves every pending deadline by its length, exactly, through the
timers as they are: an army's arrival, a move's, a siege's 30-minute period (R7.2), a pursuit
window (R8.2), a live game's clock (R11.3); the daily change (R7.1) stays at midnight and a
midnight inside the pause is skipped. And the war ends when one kingdom holds every capital (R10)."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User

from battles.models import Army, Pursuit
from battles.services.march import march_start
from battles.services.retreat import army_retreat
from battles.timer_kinds import ARMY_ARRIVAL, DAY, PERIOD, PURSUIT_DEADLINE
from campaign import clock as war_clock
from campaign.models import Campaign, Kingdom, Move, Timer
from campaign.timers import timers_sweep
from cities.models import City
from orders.services.moves import move_request
from play.services.live import live_move, time_left
from play.timer_kinds import GAME_FLAG
from seasons.services.season_life import war_pause, war_resume
from tests.play.test_live import ready
from tests.play.test_records import pending_game
from tests.worlds import besiege, make_world, play

pytestmark = pytest.mark.django_db
ARMY = [("徐晃", "marshal"), ("許褚", "general")]
PAUSE = timedelta(minutes=30)


@pytest.fixture
def organiser(world) -> User:
    user = User.objects.create_user("organiser", password="x")
    world.campaign.organisers.add(user)
    return user


def pause_for(world, organiser, clock, length=PAUSE) -> None:
    """The organiser pauses now and resumes `length` later (the clock moved meanwhile)."""
    war_pause(user=organiser, campaign=world.campaign)
    clock.shift(length)
    timers_sweep()  # nothing the pause held falls due
    war_resume(user=organiser, campaign=Campaign.objects.get(pk=world.campaign.pk))
    world.campaign = Campaign.objects.get(pk=world.campaign.pk)


def due(key: str):
    return Timer.objects.get(key=key).due_at


def test_r1_1_r4_5_a_marching_armys_arrival_moves_by_exactly_the_pause(world, organiser, clock):
    army = march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in ARMY])
    arrives, departs = army.arrives_at, army.departs_at
    clock.shift(timedelta(minutes=5))
    war_pause(user=organiser, campaign=world.campaign)
    assert Timer.objects.get(key=f"army:{army.pk}:arrive").status == Timer.Status.PAUSED
    clock.move_to(arrives + timedelta(minutes=1))
    timers_sweep()
    assert Army.objects.get(pk=army.pk).status == Army.Status.MARCHING, "nothing falls due while paused"
    resumed = war_clock.now()
    war_resume(user=organiser, campaign=Campaign.objects.get(pk=world.campaign.pk))
    length = resumed - (departs + timedelta(minutes=5))
    army = Army.objects.get(pk=army.pk)
    assert army.arrives_at == arrives + length and army.departs_at == departs + length
    assert due(f"army:{army.pk}:arrive") == arrives + length
    clock.move_to(arrives + length - timedelta(seconds=1))
    timers_sweep()
    assert Army.objects.get(pk=army.pk).status == Army.Status.MARCHING
    clock.move_to(arrives + length + timedelta(seconds=1))
    timers_sweep()
    assert Army.objects.get(pk=army.pk).status != Army.Status.MARCHING
    assert Timer.objects.get(key=f"army:{army.pk}:arrive").applied_at is not None


def test_r1_1_r3_4_an_officers_move_arrives_the_pause_later(world, organiser, clock):
    move = move_request(actor=world["曹操"], destination=world.city("洛陽"))
    move = Move.objects.get(pk=move.pk)
    assert move.arrives_at is not None, "the king's own move leaves at once"
    arrives = move.arrives_at
    pause_for(world, organiser, clock)
    assert Move.objects.get(pk=move.pk).arrives_at == arrives + PAUSE
    assert due(f"move:{move.pk}:arrive") == arrives + PAUSE


def test_r1_1_r7_2_a_siege_period_moves_by_the_pause(world, organiser, clock):
    army = besiege(world, clock, "漢中", ARMY)
    key = f"siege:{army.siege_id}:period:0"
    before = due(key)
    pause_for(world, organiser, clock, timedelta(minutes=20))
    assert due(key) == before + timedelta(minutes=20)
    assert Timer.objects.get(key=key).status == Timer.Status.PENDING


def test_r1_1_r8_2_a_pursuit_window_moves_by_the_pause(world, organiser, clock):
    army = besiege(world, clock, "漢中", ARMY)
    army_retreat(actor=world["徐晃"], army=army)
    pursuit = Pursuit.objects.get(army=army)
    deadline = pursuit.deadline
    pause_for(world, organiser, clock, timedelta(minutes=3))
    assert Pursuit.objects.get(pk=pursuit.pk).deadline == deadline + timedelta(minutes=3)
    assert due(f"pursuit:{pursuit.pk}:deadline") == deadline + timedelta(minutes=3)


def test_r1_1_r11_3_a_live_games_clock_is_what_it_was_at_the_pause(world, organiser, clock):
    game = ready(world, pending_game(world, clock))
    clock.shift(timedelta(seconds=30))
    game = live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    clock.shift(timedelta(seconds=40))
    left_at_pause = time_left(game, "defender", war_clock.now())
    flag = Timer.objects.get(kind=GAME_FLAG, object_id=game.pk, status=Timer.Status.PENDING)
    pause_for(world, organiser, clock)
    game.refresh_from_db()
    assert time_left(game, "defender", war_clock.now()) == left_at_pause
    assert Timer.objects.get(pk=flag.pk).due_at == flag.due_at + PAUSE
    clock.shift(timedelta(seconds=5))
    game = live_move(actor=world["魏延"], game=game, move="馬８進７", ply=1)
    assert game.defender_left_ms == left_at_pause - 5_000 + 10_000, "five seconds used, the increment gained"


def test_r7_1_a_midnight_outside_the_pause_stays_at_midnight(world, organiser, clock):
    midnight = Timer.objects.get(campaign=world.campaign, kind=DAY).due_at
    pause_for(world, organiser, clock)
    assert Timer.objects.get(campaign=world.campaign, kind=DAY, status=Timer.Status.PENDING).due_at == midnight


def test_r7_1_a_midnight_inside_the_pause_is_skipped_as_a_holiday(world, organiser, clock):
    midnight = Timer.objects.get(campaign=world.campaign, kind=DAY).due_at
    wall = world.city("洛陽").wall
    City.objects.filter(name="洛陽").update(wall=wall - 20)
    clock.move_to(midnight - timedelta(hours=1))
    pause_for(world, organiser, clock, timedelta(hours=2))
    day = Timer.objects.get(campaign=world.campaign, kind=DAY, status=Timer.Status.PENDING)
    assert day.due_at == midnight + timedelta(days=1)
    assert world.city("洛陽").wall == wall - 20, "no wall gained on the holiday"
    clock.move_to(day.due_at + timedelta(seconds=1))
    timers_sweep()
    assert world.city("洛陽").wall == wall - 15, "the next midnight counts as usual"


def test_r10_the_war_ends_when_one_kingdom_holds_every_capital(clock):
    world = make_world(capital_wall=12, buffer_wall=12, frontier_wall=12, unanswered_points=0, outnumbered_points=0)
    City.objects.filter(name="建業").update(kingdom=Kingdom.objects.get(name="魏"))  # 吳's capital already 魏's
    army = besiege(world, clock, "成都", ARMY)
    play(world, army, "許褚", "劉備", "attacker")
    campaign = Campaign.objects.get(pk=world.campaign.pk)
    assert campaign.status == Campaign.Status.ENDED and campaign.end_reason == Campaign.EndReason.CAPITALS
    assert campaign.winner is not None and campaign.winner.name == "魏"
    assert (
        not Timer.objects.filter(campaign=campaign, kind__in=[PERIOD, ARMY_ARRIVAL, PURSUIT_DEADLINE, DAY])
        .filter(status=Timer.Status.PENDING)
        .exists()
    )


def test_r1_1_r7_2_a_period_due_before_the_pause_and_applied_in_it_holds_the_next_one(world, organiser, clock):
    army = besiege(world, clock, "漢中", ARMY)
    first = Timer.objects.get(key=f"siege:{army.siege_id}:period:0")
    clock.move_to(first.due_at + timedelta(seconds=1))
    war_pause(user=organiser, campaign=world.campaign)  # before the sweeper got to the period
    timers_sweep()
    assert Timer.objects.get(pk=first.pk).status == Timer.Status.DONE, "it was due before the pause"
    following = Timer.objects.get(key=f"siege:{army.siege_id}:period:1")
    assert following.status == Timer.Status.PAUSED, "scheduled in the pause, held by it"
    clock.shift(timedelta(minutes=10))
    war_resume(user=organiser, campaign=Campaign.objects.get(pk=world.campaign.pk))
    assert due(following.key) == following.due_at + timedelta(minutes=10)


def test_r1_1_a_timer_the_pause_missed_waits_for_the_resume_and_moves_with_the_others(world, organiser, clock):
    """A war action that read the war running and committed just after the pause (on PostgreSQL the
    pause's hold does not see its uncommitted timer): its timer, pending in a paused campaign, is not
    applied during the pause, and the resume moves it by the pause's length like the held ones."""
    army = march_start(actor=world["曹操"], target=world.city("漢中"), organisation=[(world[n], r) for n, r in ARMY])
    key = f"army:{army.pk}:arrive"
    arrives = due(key)
    war_pause(user=organiser, campaign=world.campaign)
    Timer.objects.filter(key=key).update(status=Timer.Status.PENDING)  # as if committed after the hold
    clock.move_to(arrives + timedelta(minutes=1))
    timers_sweep()
    assert Army.objects.get(pk=army.pk).status == Army.Status.MARCHING, "nothing falls due while paused"
    assert Timer.objects.get(key=key).status == Timer.Status.PENDING
    paused_for = war_clock.now() - Campaign.objects.get(pk=world.campaign.pk).paused_at
    war_resume(user=organiser, campaign=Campaign.objects.get(pk=world.campaign.pk))
    assert due(key) == arrives + paused_for
    assert Army.objects.get(pk=army.pk).arrives_at == arrives + paused_for
