"""R3.4 with real parts: a real Celery worker on a real Redis applies arrivals on time, once."""

from datetime import timedelta

import pytest
import redis
from django.conf import settings

from campaign.models import Move, Timer, Whereabouts
from forum.models import Post
from orders.services.moves import move_order
from tests.workers import wait_for
from tests.worlds import make_world

pytestmark = pytest.mark.integration


def arrived(move_pk: int) -> bool:
    return Move.objects.filter(pk=move_pk, status=Move.Status.ARRIVED).exists()


def test_r3_4_move_arrives_on_time_by_the_eta_task(start_worker):
    """The sweeper runs only once a minute here, so an on-time arrival is the ETA task's."""
    world = make_world(travel_time=timedelta(seconds=3))
    worker = start_worker(sweep_seconds=60)
    move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    assert move.arrives_at - move.departs_at == timedelta(seconds=3)
    wait_for(lambda: arrived(move.pk), 30, "the arrival", worker)
    timer = Timer.objects.get(key=f"move:{move.pk}:arrive")
    late = timer.applied_at - timer.due_at
    assert timedelta(0) <= late < timedelta(seconds=2), f"applied {late} after due"
    officer = world["郭嘉"]
    assert officer.whereabouts == Whereabouts.CITY and officer.city.name == "許昌"
    post = Post.objects.get(event_key=f"move:{move.pk}:arrive")
    assert post.thread.board.city.name == "許昌" and post.created_at == move.arrives_at


def test_r3_4_a_timer_due_beyond_the_lead_is_sent_ahead_by_the_sweeper_and_applied_on_time(start_worker, settings):
    """TIMER_LEAD_SECONDS is 2 here: an arrival 6 s away gets no message when ordered; a sweep
    sends it once it is 2 s away, and the worker applies it at its instant."""
    settings.TIMER_LEAD_SECONDS = 2
    world = make_world(travel_time=timedelta(seconds=6))
    worker = start_worker(sweep_seconds=1, lead_seconds=2)
    move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    assert Timer.objects.get(key=f"move:{move.pk}:arrive").sent_at is None
    wait_for(lambda: arrived(move.pk), 30, "the arrival", worker)
    timer = Timer.objects.get(key=f"move:{move.pk}:arrive")
    assert timer.sent_at is not None and timer.sent_at < timer.due_at, "sent ahead of its instant"
    late = timer.applied_at - timer.due_at
    assert timedelta(0) <= late < timedelta(seconds=1), f"applied {late} after due"


def test_r3_4_eta_task_and_sweeper_racing_apply_the_arrival_once(start_worker):
    world = make_world(travel_time=timedelta(seconds=2))
    worker = start_worker(sweep_seconds=0.5)
    moves = [
        move_order(actor=world["曹操"], officer=world[name], destination=world.city("許昌"))
        for name in ("郭嘉", "許褚")  # one leg and two legs
    ]
    for move in moves:
        wait_for(lambda move=move: arrived(move.pk), 30, "the arrival", worker)
    for move in moves:
        assert Post.objects.filter(event_key=f"move:{move.pk}:arrive").count() == 1
        assert Timer.objects.get(key=f"move:{move.pk}:arrive").attempts == 1
    assert Post.objects.filter(thread__title__contains="抵達").count() == len(moves)


def test_r3_4_a_lost_message_is_recovered_by_the_sweeper(start_worker):
    """Redis loses the ETA message (flushed before any worker runs): beat's sweeper applies it."""
    world = make_world(travel_time=timedelta(seconds=1))
    move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    redis.Redis.from_url(settings.REDIS_URL).flushdb()
    worker = start_worker(sweep_seconds=1, flush=False)
    wait_for(lambda: arrived(move.pk), 30, "the sweeper to apply the arrival", worker)
    assert Post.objects.filter(event_key=f"move:{move.pk}:arrive").count() == 1
