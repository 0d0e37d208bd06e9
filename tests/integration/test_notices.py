"""The outbox with real parts: a notice written with its event reaches the officer's
group on the channel layer (Redis) through a real worker, in each language, once; what Redis
missed while it was down, and what a worker killed mid-delivery left claimed, the sweeper
delivers when they are back."""

import asyncio
import threading
import time

import pytest
from channels.layers import get_channel_layer
from django.utils import timezone

from battles.services.siege import siege_call
from campaign.models import Notice
from campaign.services.notices import officer_group
from tests.integration.test_outages import begin_siege, fast_world
from tests.workers import kill, wait_for

pytestmark = pytest.mark.integration


class Listener:
    """An open page of an officer: a channel in their group (what NoticeConsumer joins). Its
    coroutines run on an event loop of its own, in its own thread (Playwright's browser tests,
    earlier in the same run, leave a loop running in the main thread)."""

    def __init__(self, officer_id: int):
        self.layer = get_channel_layer()
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.channel = self._run(self.layer.new_channel())
        self._run(self.layer.group_add(officer_group(officer_id), self.channel))

    def _run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=60)

    def messages(self, seconds: float) -> list[dict]:
        async def collect():
            found = []
            deadline = time.monotonic() + seconds
            while (left := deadline - time.monotonic()) > 0:
                try:
                    found.append(await asyncio.wait_for(self.layer.receive(self.channel), left))
                except TimeoutError:
                    break
            return found

        return self._run(collect())


def notices_of(messages: list[dict], key: str) -> list[dict]:
    return [m for m in messages if m.get("kind") == "notice" and m.get("key") == key]


def called(world, worker):
    siege = begin_siege(world, worker)
    from battles.models import Army

    army = Army.objects.get(siege=siege)
    return siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])


def test_a_siege_call_notice_reaches_each_defender_once_in_both_languages(start_worker):
    world = fast_world()
    worker = start_worker(sweep_seconds=1)
    defender, outsider = Listener(world["魏延"].pk), Listener(world["孫權"].pk)
    game = called(world, worker)
    key = f"game:{game.pk}:call"
    got = notices_of(defender.messages(6), key)
    assert len(got) == 1, got
    assert got[0]["text"]["zh-hant"].startswith("許褚在漢中攻城叫陣") and "許褚" in got[0]["text"]["en"]
    assert got[0]["path"] == f"/c/{world.campaign.slug}/sieges/{game.siege_id}/" and got[0]["count"] >= 1
    assert not notices_of(outsider.messages(0.5), key), "nothing to the wrong person"
    sent = dict(Notice.objects.filter(key=key).values_list("officer__name", "push"))
    assert sent == {"魏延": "sent", "張飛": "sent", "劉備": "sent"}


def test_notices_redis_missed_are_delivered_when_it_is_back(start_worker, redis_server):
    if not redis_server.owned:
        pytest.skip("REDIS_URL points at a Redis this suite did not start, so it cannot restart it")
    world = fast_world()
    worker = start_worker(sweep_seconds=1, supervised=True)
    siege = begin_siege(world, worker)
    redis_server.stop()
    from battles.models import Army

    game = siege_call(actor=world["徐晃"], army=Army.objects.get(siege=siege), attacker=world["許褚"])
    key = f"game:{game.pk}:call"
    time.sleep(2)
    assert set(Notice.objects.filter(key=key).values_list("push", flat=True)) == {""}, "written, not yet sent"
    redis_server.start()
    listener = Listener(world["魏延"].pk)
    wait_for(lambda: Notice.objects.filter(key=key, push="").count() == 0, 60, "the sweeper's delivery", worker)
    assert len(notices_of(listener.messages(2), key)) == 1
    assert Notice.objects.get(key=key, officer=world["魏延"]).attempts == 1


def test_a_notice_delivery_cut_short_by_a_killed_worker_is_made_once_after_the_lease(start_worker, monkeypatch):
    monkeypatch.setenv("NOTICE_LEASE_SECONDS", "3")  # the restarted worker's lease
    world = fast_world()
    worker = start_worker(sweep_seconds=1)
    game = called(world, worker)
    key = f"game:{game.pk}:call"
    wait_for(lambda: Notice.objects.filter(key=key, push="").count() == 0, 30, "the first delivery", worker)
    kill(worker)
    # A second call while the worker is dead, its delivery left as a killed worker leaves it:
    # claimed (the lease taken), nothing sent.
    game.status = "cancelled"
    game.save(update_fields=["status"])
    from battles.models import Army

    again = siege_call(actor=world["徐晃"], army=Army.objects.get(pk=game.army_id), attacker=world["許褚"])
    key = f"game:{again.pk}:call"
    Notice.objects.filter(key=key).update(claimed_at=timezone.now(), attempts=1)
    listener = Listener(world["魏延"].pk)
    worker = start_worker(sweep_seconds=1, flush=False)
    wait_for(lambda: Notice.objects.filter(key=key, push="").count() == 0, 60, "the delivery after the lease", worker)
    assert len(notices_of(listener.messages(2), key)) == 1
    assert Notice.objects.get(key=key, officer=world["魏延"]).attempts == 2


def test_a_worker_killed_mid_delivery_leaves_no_notice_undelivered(start_worker, monkeypatch):
    """A real SIGKILL while the worker works through a notice's officers (the call's notice is
    written for every officer of the city's kingdom here, so the task takes a while; those
    without the duty are voided): after a restart the sweeper finishes the rest, and no officer
    is sent it twice but the one whose delivery the kill cut between send and record."""
    from battles.models import Army
    from campaign.models import Officer
    from campaign.services.notices import notify

    monkeypatch.setenv("NOTICE_LEASE_SECONDS", "3")
    world = fast_world()
    worker = start_worker(sweep_seconds=1)
    siege = begin_siege(world, worker)
    listeners = {name: Listener(world[name].pk) for name in ("張飛", "魏延", "劉備")}
    game = siege_call(actor=world["徐晃"], army=Army.objects.get(siege=siege), attacker=world["許褚"])
    key = f"game:{game.pk}:call"
    kingdom = Officer.objects.filter(campaign=world.campaign, kingdom__name="蜀")
    from django.db import transaction

    with transaction.atomic():  # every officer of 蜀 is a candidate: a longer delivery to cut
        notify(campaign_id=world.campaign.pk, officer_ids=kingdom.values_list("pk", flat=True), key=key)
    wait_for(lambda: Notice.objects.filter(key=key).exclude(push="").exists(), 30, "a first delivery", worker)
    kill(worker)
    left = Notice.objects.filter(key=key, push="").count()
    worker = start_worker(sweep_seconds=1, flush=False)
    wait_for(lambda: not Notice.objects.filter(key=key, push="").exists(), 60, "the rest delivered", worker)
    states = dict(Notice.objects.filter(key=key).values_list("officer__name", "push"))
    assert {name for name, state in states.items() if state == "sent"} == {"張飛", "魏延", "劉備"}
    assert set(states.values()) == {"sent", "void"}
    cut = set(Notice.objects.filter(key=key, attempts__gt=1).values_list("officer__name", flat=True))
    for name, listener in listeners.items():
        got = len(notices_of(listener.messages(1), key))
        assert got == 1 or (got == 2 and name in cut), (name, got, cut)
    assert left > 0 or cut, "the kill came before the delivery ended"
