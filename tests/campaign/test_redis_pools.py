"""Redis at load: a Redis client of the web process shared by its threads (the world version's
stamp, the rates: campaign/redis_clients.py; the cache: config/redis_settings.py) holds at most
REDIS_POOL_SIZE connections, and a caller that finds them all busy waits for one instead of
failing with "Too many connections" (under load that failure left writes without a world version,
which a page could then answer 304 with what it showed before the write)."""

import threading
import time
from collections.abc import Callable

import pytest
import redis
from django.conf import settings
from django.core.cache.backends.redis import RedisCache

from campaign import redis_clients
from config import redis_settings

HOLD = 0.3  # each caller holds its connection this long (a blocking pop on an empty list)
CALLERS = 12
POOL = 2


def _all_at_once(call: Callable[[], object]) -> tuple[list[BaseException], float]:
    """CALLERS threads making `call` at the same moment: what they raised, and how long it took."""
    failures: list[BaseException] = []
    start = threading.Barrier(CALLERS)

    def caller() -> None:
        start.wait()
        try:
            call()
        except Exception as error:  # noqa: BLE001 - "Too many connections" is what is counted
            failures.append(error)

    threads = [threading.Thread(target=caller) for _n in range(CALLERS)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failures, time.monotonic() - began


@pytest.mark.django_db
def test_more_callers_than_the_shared_pool_holds_wait_their_turn_and_none_fails(settings, monkeypatch):
    """12 threads, a pool of 2: every call is answered, two at a time (so at least 6 turns)."""
    settings.REDIS_POOL_SIZE = POOL
    monkeypatch.setattr(redis_clients, "_shared", None)  # the client made anew, on the pool of 2
    client = redis_clients.shared()
    failures, took = _all_at_once(lambda: client.blpop(["test-pools:empty"], timeout=HOLD))
    assert failures == []
    assert took >= (CALLERS // POOL) * HOLD * 0.9  # never more than 2 connections at once
    monkeypatch.setattr(redis_clients, "_shared", None)  # the next test's client on the real size


@pytest.mark.django_db
def test_more_callers_than_the_caches_pool_holds_wait_their_turn_and_none_fails():
    """The cache as configured (config/redis_settings.py `caches`), on a pool of 2."""
    params = redis_settings.caches(settings.REDIS_URL)["default"]
    params["OPTIONS"] = {**params["OPTIONS"], "max_connections": POOL}
    cache = RedisCache(params["LOCATION"], params)
    client = cache._cache.get_client(write=True)
    failures, took = _all_at_once(lambda: client.blpop(["test-pools:empty"], timeout=HOLD))
    assert failures == []
    assert took >= (CALLERS // POOL) * HOLD * 0.9


def test_a_pool_that_refuses_past_its_cap_fails_this_load(redis_server):
    """The check above has teeth: redis-py's own pool, capped at 2, refuses the same callers."""
    pool = redis.ConnectionPool.from_url(settings.REDIS_URL, max_connections=POOL)
    client = redis.Redis.from_pool(pool)
    failures, _took = _all_at_once(lambda: client.blpop(["test-pools:empty"], timeout=HOLD))
    assert any("Too many connections" in str(error) for error in failures)
