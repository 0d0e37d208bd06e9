"""Shared fixtures: a real Redis for the whole run, and the demo world built through services."""

import threading

import pytest
from django.conf import settings

from campaign import clock
from campaign.demo import demo_spec
from campaign.devservices import start_redis, stop
from campaign.models import Campaign, Officer
from campaign.services.presence import presence_touch
from campaign.services.world import world_create


class RedisControl:
    """The suite's real redis-server, which a test may stop and start again (R7.5)."""

    def __init__(self, url: str):
        self.url = url
        self.process = start_redis(url, settings.VAR_DIR)
        self.owned = self.process is not None

    def stop(self) -> None:
        stop(self.process)

    def start(self) -> None:
        self.process = start_redis(self.url, settings.VAR_DIR)


@pytest.fixture(scope="session")
def redis_server():
    """Services enqueue timers on commit: a real redis-server must answer at REDIS_URL. Started
    once, for the first test that uses the database; pure tests run without it."""
    control = RedisControl(settings.REDIS_URL)
    yield control
    stop(control.process)


DB_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server"}


def uses_database(request) -> bool:
    return request.node.get_closest_marker("django_db") is not None or bool(DB_FIXTURES & set(request.fixturenames))


@pytest.fixture(autouse=True)
def _channel_layer_per_test():
    """Each test gets the channel layer anew. The layer (channels_redis) keeps asyncio locks bound
    to the event loop that first used them; a test whose loop ended while one was held (a socket
    test timing out mid-receive) would otherwise fail every later test that receives, with "bound
    to a different event loop", instead of failing alone."""
    yield
    from channels.layers import channel_layers

    channel_layers.backends = {}


@pytest.fixture(autouse=True)
def _redis_and_timers_for_database_tests(request):
    """For a test that uses the database: the real Redis, and afterwards a check that no timer
    handler failed during the test (a failure is recorded on its timer and the others go on, as
    they must in production; in a test it is a defect unless the test says it expects one)."""
    if not uses_database(request):
        yield
        return
    request.getfixturevalue("redis_server")
    marker = request.node.get_closest_marker("django_db")
    transactional = {"transactional_db", "live_server"} & set(request.fixturenames) or (
        marker is not None and marker.kwargs.get("transaction")
    )
    request.getfixturevalue("transactional_db" if transactional else "db")  # torn down after the check below
    yield
    if request.node.get_closest_marker("timer_failures_expected"):
        return
    from campaign.models import Timer

    failed = list(Timer.objects.exclude(last_error="").values_list("key", "last_error"))
    assert failed == [], f"timer handlers failed during the test: {failed}"


class World:
    """The demo campaign (魏, 蜀, 吳), with officers looked up by name: world["曹操"]."""

    def __init__(self, campaign: Campaign):
        self.campaign = campaign

    def __getitem__(self, name: str) -> Officer:
        return Officer.objects.select_related("kingdom", "city", "campaign").get(campaign=self.campaign, name=name)

    def city(self, name: str):
        from cities.models import City

        return City.objects.select_related("kingdom", "governor", "board").get(campaign=self.campaign, name=name)

    def online(self, *names: str) -> None:
        for name in names:
            presence_touch(user_id=self[name].user_id, now=clock.now())


def make_world(**overrides) -> World:
    spec = demo_spec()
    spec.update(overrides)
    return World(world_create(spec=spec))


@pytest.fixture
def world(db) -> World:
    return make_world()


def at_once(*calls) -> list[BaseException]:
    """Run the calls in threads released together (two clicks at the same instant); each thread
    closes its own database connection. Returns what they raised."""
    from django.db import connections

    barrier = threading.Barrier(len(calls))
    raised: list[BaseException] = []

    def run(call):
        try:
            barrier.wait(timeout=10)
            call()
        except BaseException as exc:  # noqa: BLE001 - returned to the test
            raised.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return raised
