"""The sessions' caps under load (bbs/caps.py, BBS_SESSIONS_PER_USER and BBS_SESSIONS_PER_ADDRESS):
a connection Redis drops (CLIENT KILL, as a restarted or overloaded server does), a burst of
log-ins at once with their connections dropped meanwhile, or an event loop too busy to read a
reply for a while: every session is still counted, and none past the cap is let in. Against the
suite's real redis-server, on the caps' own client."""

import asyncio
import time

import pytest
import redis
from django.conf import settings

from bbs.caps import CLIENT_NAME, Caps, user_key


@pytest.fixture
def plain(redis_server):
    client = redis.Redis.from_url(settings.REDIS_URL)
    yield client
    client.close()


def kill_caps_connections(plain: redis.Redis) -> int:
    """Every connection of the caps' client closed by Redis itself; how many there were."""
    killed = 0
    for client in plain.client_list():
        if client.get("name") == CLIENT_NAME:
            killed += plain.client_kill_filter(_id=client["id"])
    return killed


def test_a_connection_redis_closed_does_not_let_the_next_session_in_uncounted(plain):
    key = user_key(990001)
    plain.delete(key)

    async def run() -> tuple[str | None, str | None, int]:
        caps = Caps()
        try:
            first = await caps.take(key, 2)
            killed = kill_caps_connections(plain)  # the pool's idle connection, dropped by Redis
            second = await caps.take(key, 2)
            return first, second, killed
        finally:
            await caps.close()

    first, second, killed = asyncio.run(run())
    assert killed >= 1
    assert first and second  # both counted: an entry each, not "" (let in uncounted)
    assert plain.zcard(key) == 0  # both released as the process closed


def test_a_burst_of_log_ins_with_connections_dropped_meanwhile_lets_exactly_the_cap_in(plain):
    """200 sessions of one user at once against a cap of 50, the caps' connections killed twice
    while they come: 50 let in and counted, 150 refused, none let in uncounted."""
    key = user_key(990002)
    plain.delete(key)

    async def run() -> tuple[list[str | None], int]:
        caps = Caps()
        try:

            async def dropping() -> None:
                for _ in range(2):
                    await asyncio.sleep(0.01)
                    await asyncio.to_thread(kill_caps_connections, plain)

            results = await asyncio.gather(*(caps.take(key, 50) for _ in range(200)), dropping())
            counted = await asyncio.to_thread(plain.zcard, key)
            return list(results[:200]), counted
        finally:
            await caps.close()

    results, counted = asyncio.run(run())
    assert "" not in results  # nobody let in uncounted
    assert sum(1 for entry in results if entry) == 50
    assert counted == 50


def test_a_reply_slower_than_half_a_second_still_counts_the_session(plain):
    """Redis busy for 0.8 s (a long script of another client; a loop busy with a burst of SSH
    handshakes delays the reading the same way) while a log-in's count is on its way: the session
    is counted when the reply comes, not let in uncounted for a timeout."""
    key = user_key(990003)
    plain.delete(key)
    busy = (
        "local t = redis.call('TIME') local s = t[1] + t[2] / 1e6"
        " repeat t = redis.call('TIME') until t[1] + t[2] / 1e6 - s > 0.8 return 1"
    )

    async def run() -> str | None:
        caps = Caps()
        try:
            await caps.take(key, 5)  # the connection open
            blocking = asyncio.create_task(asyncio.to_thread(plain.eval, busy, 0))
            await asyncio.sleep(0.1)  # the script running
            entry = await caps.take(key, 5)
            await blocking
            return entry
        finally:
            await caps.close()

    assert asyncio.run(run())


def test_redis_truly_away_lets_the_session_in_uncounted_at_once_and_counts_again_once_back(redis_server, plain):
    """The decision when every try fails (bbs/caps.py): the session is let in uncounted (""), after
    the tries' short pauses (a refused connection fails at once), not after the timeouts; once Redis
    answers again the next session is counted."""
    if not redis_server.owned:
        pytest.skip("the suite's Redis was not started by it: it cannot stop it")
    key = user_key(990004)

    async def run() -> tuple[str | None, float, str | None]:
        caps = Caps()
        try:
            await caps.take(key, 5)
            await asyncio.to_thread(redis_server.stop)
            started = time.monotonic()
            away = await caps.take(key, 5)
            waited = time.monotonic() - started
            await asyncio.to_thread(redis_server.start)
            return away, waited, await caps.take(key, 5)
        finally:
            await caps.close()

    away, waited, back = asyncio.run(run())
    assert away == "" and waited < 1.5
    assert back
