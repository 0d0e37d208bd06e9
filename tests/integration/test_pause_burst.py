"""A pause across a burst (R1.1, DESIGN "Timers are data"): 1,000 arrivals pending, the war paused
in the middle of them and resumed while two real Celery workers (and beat) run on the real Redis.
Each arrival is applied exactly once: those due before the pause at their instant, the others at
their instant plus the pause's length (and stamped with it); none that the pause held is applied
while it lasts. On PostgreSQL in CI's second run."""

import time
from datetime import timedelta

import pytest
from django.contrib.auth.models import User

from campaign import clock
from campaign.models import Move, Officer, Timer, Whereabouts
from campaign.models.moves import ARRIVAL
from cities.models import City
from forum.models import Post
from seasons.models import WarPause
from seasons.services.season_life import war_pause, war_resume
from tests.workers import wait_for
from tests.worlds import make_world

pytestmark = pytest.mark.integration
BURST = 1_000


def on_the_road(world, first_due, spread: timedelta) -> list[Move]:
    """BURST officers on the road from 許昌 to 洛陽, their arrivals spread over `spread` from
    `first_due` (rows as move_order leaves them; made in bulk, the subject being the timers)."""
    origin, destination = world.city("許昌"), world.city("洛陽")
    users = User.objects.bulk_create([User(username=f"burst{i}") for i in range(BURST)])
    officers = Officer.objects.bulk_create(
        [
            Officer(
                campaign=world.campaign,
                user=user,
                kingdom=origin.kingdom,
                name=f"兵{i}",
                stars=1,
                kind="general",
                whereabouts=Whereabouts.ROAD,
            )
            for i, user in enumerate(users)
        ]
    )
    now = clock.now()
    moves = Move.objects.bulk_create(
        [
            Move(
                campaign=world.campaign,
                officer=officer,
                origin=origin,
                destination=destination,
                route=[origin.pk, destination.pk],
                status=Move.Status.TRAVELLING,
                requested_by=officer,
                created_at=now,
                departs_at=now,
                arrives_at=first_due + spread * i / BURST,
            )
            for i, officer in enumerate(officers)
        ]
    )
    Timer.objects.bulk_create(
        [
            Timer(
                campaign=world.campaign,
                key=f"move:{m.pk}:arrive",
                kind=ARRIVAL,
                object_id=m.pk,
                due_at=m.arrives_at,
                created_at=now,
            )
            for m in moves
        ]
    )
    return moves


@pytest.mark.alone  # timers due seconds apart, checked against the clock
def test_r1_1_a_pause_across_a_burst_applies_each_timer_once_at_its_instant_plus_the_pause(start_worker):
    world = make_world(war_start_minute=0, war_end_minute=1440)
    organiser = User.objects.create_user("organiser", password="x")
    world.campaign.organisers.add(organiser)
    moves = on_the_road(world, clock.now() + timedelta(seconds=12), timedelta(seconds=6))
    due = {m.pk: m.arrives_at for m in moves}
    workers = [start_worker(sweep_seconds=1, beat=False), start_worker(sweep_seconds=1, beat=False, flush=False)]
    start_worker(sweep_seconds=1, role="beat", flush=False)
    first = min(due.values())
    wait_for(lambda: clock.now() >= first + timedelta(seconds=3), 60, "the burst half due")
    war_pause(user=organiser, campaign=world.campaign)
    pause = WarPause.objects.get(campaign=world.campaign)
    held = set(Timer.objects.filter(kind=ARRIVAL, status=Timer.Status.PAUSED).values_list("object_id", flat=True))
    assert 0 < len(held) < BURST, "paused in the middle of the burst"
    time.sleep(8)  # past every original instant
    applied_in_pause = Move.objects.filter(pk__in=held, status=Move.Status.ARRIVED).count()
    assert applied_in_pause == 0, "nothing the pause held falls due while it lasts"
    war_resume(user=organiser, campaign=world.campaign)
    pause.refresh_from_db()
    length = pause.ended_at - pause.started_at
    ids = list(due)
    wait_for(
        lambda: Move.objects.filter(pk__in=ids, status=Move.Status.ARRIVED).count() == BURST,
        90,
        "every arrival after the resume",
        workers[0],
    )
    arrived = dict(Move.objects.filter(pk__in=ids).values_list("pk", "arrived_at"))
    timers = {t.object_id: t for t in Timer.objects.filter(kind=ARRIVAL, object_id__in=ids)}
    for pk, instant in due.items():
        expected = instant + length if pk in held else instant
        assert arrived[pk] == expected, "stamped with its instant (plus the pause, if it held it)"
        assert timers[pk].status == Timer.Status.DONE and timers[pk].due_at == expected
        assert timers[pk].applied_at >= expected - timedelta(milliseconds=150), "never applied early"
        if pk in held:
            assert timers[pk].applied_at >= pause.ended_at, "none it held applied during the pause"
    keys = [f"move:{pk}:arrive" for pk in ids]
    assert Post.objects.filter(event_key__in=keys).count() == BURST, "each applied exactly once"
    assert City.objects.get(name="洛陽").officers_present.filter(name__startswith="兵").count() == BURST
    assert all(worker.process.poll() is None for worker in workers)
