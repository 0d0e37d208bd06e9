"""Shared fixtures: a real Redis for the whole run, the war clock stopped at START, the demo world
built through the services at that time (tests/worlds.py builds it), a real Celery worker
(tests/workers.py) and the site served over websockets by daphne."""

import os
import sys
import time
from functools import partial
from pathlib import Path

import pytest
import redis
import time_machine
from django.conf import settings
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

from ops.devservices import start_redis, stop
from tests.databases import copy_the_runs_template, xdist_run
from tests.mailbox import mailbox  # noqa: F401  (a real local SMTP server: the `mailbox` fixture)
from tests.pushservice import push_service  # noqa: F401  (a real local push service: the `push_service` fixture)
from tests.workers import Worker, database_url
from tests.worlds import START, World, make_world


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


@pytest.fixture(scope="session")
def django_db_keepdb(django_db_keepdb, django_db_modify_db_settings, django_db_use_migrations, django_db_blocker):
    """Under pytest-xdist: this worker's test database copied from the run's template, migrated
    once (tests/databases.py), and kept as it is by pytest-django's set-up; else pytest-django's
    own choice (--reuse-db)."""
    if not xdist_run() or django_db_keepdb or not django_db_use_migrations:
        return django_db_keepdb
    with django_db_blocker.unblock():
        copy_the_runs_template()
    return True


DB_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server"}
QUERY_FIXTURES = {"django_assert_num_queries", "django_assert_max_num_queries"}
TESTS = Path(__file__).resolve().parent


def uses_database(request) -> bool:
    return request.node.get_closest_marker("django_db") is not None or bool(DB_FIXTURES & set(request.fixturenames))


def means_the_same_on_any_database(item: pytest.Item) -> bool:
    """What CI runs on SQLite only (docs/testing.md): a test that uses no database; a browser test
    (tests/e2e: what the page does, on the queries the other tests pin); a terminal test
    (tests/bbs: the screens over SSH), unless it pins its queries."""
    fixtures = set(getattr(item, "fixturenames", ()))
    if item.get_closest_marker("sqlite_only") is not None:
        return True  # run where it means something: the SQLite pass
    if item.get_closest_marker("django_db") is None and not DB_FIXTURES & fixtures:
        return True
    path = item.path.resolve()
    if path.is_relative_to(TESTS / "e2e"):
        return True
    return path.is_relative_to(TESTS / "bbs") and not QUERY_FIXTURES & fixtures


@pytest.hookimpl(tryfirst=True)  # before -m selects by the markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if means_the_same_on_any_database(item):
            item.add_marker(pytest.mark.one_database)


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
    from campaign import freshness

    freshness.stamp()  # a test's rows are rolled back unstamped: no copy kept by the last test's version
    yield
    if request.node.get_closest_marker("timer_failures_expected"):
        return
    from campaign.models import Timer

    failed = list(Timer.objects.exclude(last_error="").values_list("key", "last_error"))
    assert failed == [], f"timer handlers failed during the test: {failed}"


@pytest.fixture
def clock():
    """The war clock, stopped at START (10:00 in Taipei, inside the hours of war); the test moves
    it with clock.move_to() or clock.shift()."""
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


@pytest.fixture
def world(clock, db) -> World:
    """The demo world, created at the stopped clock's time (its first midnight is that night)."""
    return make_world()


@pytest.fixture
def start_worker(transactional_db, redis_server, tmp_path):
    """Start a worker with beat sweeping every `sweep_seconds`; stopped after the test."""
    started: list[Worker] = []

    def start(
        sweep_seconds: float = 1.0,
        flush: bool = True,
        supervised: bool = False,
        lead_seconds: float = 60,
        beat: bool = True,
        role: str = "worker",
    ) -> Worker:
        """A worker (with beat inside it unless `beat` is False), or with `role="beat"` beat alone,
        as a deployment runs it."""
        if flush:
            redis.Redis.from_url(settings.REDIS_URL).flushdb()  # no stale messages from other tests
        env = dict(
            os.environ,
            DJANGO_SETTINGS_MODULE="config.settings_test",
            DATABASE_URL=database_url(),
            REDIS_URL=settings.REDIS_URL,
            TIMER_SWEEP_SECONDS=str(sweep_seconds),
            TIMER_LEAD_SECONDS=str(lead_seconds),
        )
        n = len(started)
        celery = [str(Path(sys.executable).parent / "celery"), "-A", "config"]
        if role == "beat":
            command = [*celery, "beat", "--schedule", str(tmp_path / f"beat-{n}"), "--loglevel=INFO", "--pidfile="]
        else:
            command = [
                *celery,
                "worker",
                "--pool=solo",
                *(["-B", "--schedule", str(tmp_path / f"beat-{n}")] if beat else []),
                "--loglevel=INFO",
                "--without-mingle",
                "--without-gossip",
                "--queues=celery,sweeper",  # as every worker (the sweeper's queue too)
                "--hostname",
                f"test{n}@%h",
            ]
        log = tmp_path / f"worker-{n}.log"
        worker = Worker(command, env, log, supervised)
        started.append(worker)
        deadline = time.monotonic() + 60
        ready = "beat: Starting" if role == "beat" else "ready."
        while ready not in worker.output():
            if worker.process.poll() is not None and not supervised or time.monotonic() > deadline:
                raise RuntimeError(f"celery {role} did not start:\n" + worker.output())
            time.sleep(0.2)
        return worker

    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def asgi_server(transactional_db):
    """The site served over HTTP and websockets by daphne in a child process on the test
    database (what channels' ChannelsLiveServerTestCase does), with the real Redis layer. The
    child is forked after pytest-django pointed the settings at the test database, so it needs
    no set-up of its own (channels' would prefix the test database's name a second time)."""
    from channels.testing.live import make_application
    from daphne.testing import DaphneProcess

    process = DaphneProcess("localhost", partial(make_application, static_wrapper=ASGIStaticFilesHandler))
    process.start()
    assert process.ready.wait(timeout=20), "daphne did not start"
    server = type("Server", (), {"url": f"http://localhost:{process.port.value}"})()
    yield server
    process.terminate()
    process.join(timeout=10)
