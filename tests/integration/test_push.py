"""Web Push with real parts: a real worker (and its sweeper) on the real Redis posts to a real
local push service (tests/pushservice.py), which checks the VAPID JWT and decrypts each message
with the device's private key. A siege call reaches the device once; a push service down then up
delivers once; a worker SIGKILLed mid-delivery leaves its lease, and the device is sent the
notice once after it."""

import time
from datetime import timedelta

import pytest

from battles.models import Army, Siege
from battles.services.march import march_start
from battles.services.siege import siege_call
from delivery.models import PushDelivery
from delivery.services.push import push_subscription_create
from tests.workers import kill, wait_for
from tests.worlds import make_world

pytestmark = pytest.mark.integration


def quick_world():
    """1-second roads, war all day; the call's period (R7.3) as the rules have it, so that the
    duty stands while the test waits on the push."""
    return make_world(travel_time=timedelta(seconds=1), war_start_minute=0, war_end_minute=1440, outnumbered_points=0)


def called(world, worker, arrived=lambda: None):
    """Wei marches on 漢中 and, once `arrived()` has run, calls its defenders. A phone turned on
    in `arrived` is not sent the march's own notice (R4.6), only the call."""
    march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    siege = wait_for(lambda: Siege.objects.filter(city__name="漢中").first(), 30, "the siege", worker)
    arrived()
    return siege_call(actor=world["徐晃"], army=Army.objects.get(siege=siege), attacker=world["許褚"])


def turn_on(world, service, name: str):
    officer, phone = world[name], service.device(name)
    keys = phone.keys
    push_subscription_create(
        actor=officer, officer=officer, endpoint=service.endpoint(phone), p256dh=keys.p256dh, auth=keys.auth
    )
    return phone


def test_r7_3_a_siege_call_reaches_the_phone_once_through_the_worker(start_worker, push_service):
    world = quick_world()
    phone, outsider = turn_on(world, push_service, "魏延"), turn_on(world, push_service, "孫權")
    worker = start_worker(sweep_seconds=1)
    game = called(world, worker)
    call = f"game:{game.pk}:call"
    wait_for(lambda: any(sent["key"] == call for sent in phone.received), 30, "the call's push", worker)
    wait_for(lambda: not PushDelivery.objects.filter(state="").exists(), 10, "recorded", worker)

    time.sleep(2.5)  # two more sweeps: nothing sent again
    keys = [sent["key"] for sent in phone.received]  # the march on 漢中 (R4.6), then the call (R7.3)
    assert sorted(keys) == sorted(set(keys)) and call in keys and len(keys) == 2, keys
    assert not outsider.received and not push_service.refused
    assert all("漢中" in sent["body"] for sent in phone.received)


def test_a_push_service_down_then_up_delivers_once(start_worker, push_service):
    world = quick_world()
    worker = start_worker(sweep_seconds=1)
    phones = []
    game = called(world, worker, lambda: (phones.append(turn_on(world, push_service, "魏延")), push_service.stop()))
    phone = phones[0]
    key = f"game:{game.pk}:call"
    wait_for(lambda: PushDelivery.objects.filter(notice__key=key, attempts__gte=1).exists(), 30, "a try", worker)
    push_service.start()
    wait_for(lambda: phone.received, 60, "the push after the service is back", worker)
    wait_for(lambda: PushDelivery.objects.filter(notice__key=key, state="sent").exists(), 10, "recorded", worker)

    time.sleep(2.5)
    assert len(phone.received) == 1


def test_a_worker_killed_mid_delivery_sends_once_after_the_lease(start_worker, push_service, monkeypatch):
    monkeypatch.setenv("NOTICE_LEASE_SECONDS", "3")
    monkeypatch.setenv("PUSH_TIMEOUT_SECONDS", "20")  # the worker is killed while it waits
    world = quick_world()
    worker = start_worker(sweep_seconds=1)
    phones = []

    def hanging_phone():
        phones.append(turn_on(world, push_service, "魏延"))
        phones[0].answer, push_service.hang_seconds = 0, 30  # the push service holds the request

    game = called(world, worker, hanging_phone)
    phone = phones[0]
    key = f"game:{game.pk}:call"
    wait_for(lambda: phone.hits, 30, "the worker's post", worker)
    kill(worker)
    row = PushDelivery.objects.get(notice__key=key)
    assert row.claimed_at is not None and row.state == "" and not phone.received, "claimed, not sent"
    phone.answer = 201
    worker = start_worker(sweep_seconds=1, flush=False)
    wait_for(lambda: phone.received, 60, "the push after the lease", worker)
    wait_for(lambda: PushDelivery.objects.get(notice__key=key).state == "sent", 10, "recorded", worker)

    time.sleep(2.5)
    assert len(phone.received) == 1 and PushDelivery.objects.get(notice__key=key).attempts == 2
