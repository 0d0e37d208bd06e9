"""The Redis clients of a process, on pools sized for it: at most REDIS_POOL_SIZE connections
(an event loop's client: REDIS_LOOP_POOL_SIZE; config/redis_settings.py says why), and a caller
that finds them all busy waits for one (up to REDIS_POOL_WAIT_SECONDS)
instead of failing at once with "Too many connections" (redis-py's own pool refuses past its
cap; a web process under load, hundreds of sockets connecting at once, reached it). The
Django cache and the channel layer take the same sizes (config/settings.py)."""

import threading

import redis
import redis.asyncio as aioredis
from django.conf import settings
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

# The short calls (a version, a rate, a count): a Redis that does not answer within this is
# taken as away, and what asked goes on without it (each caller says how).
SOCKET_TIMEOUT = 0.5

_shared: tuple[str, redis.Redis] | None = None
_lock = threading.Lock()


def pool_options() -> dict:
    return {"max_connections": settings.REDIS_POOL_SIZE, "timeout": settings.REDIS_POOL_WAIT_SECONDS}


def shared() -> redis.Redis:
    """The process's client of REDIS_URL for short calls (the world version, the rates), one pool
    for every thread (made again when the setting names another Redis)."""
    global _shared
    with _lock:
        if _shared is None or _shared[0] != settings.REDIS_URL:
            pool = redis.BlockingConnectionPool.from_url(
                settings.REDIS_URL,
                socket_timeout=SOCKET_TIMEOUT,
                socket_connect_timeout=SOCKET_TIMEOUT,
                **pool_options(),
            )
            _shared = (settings.REDIS_URL, redis.Redis.from_pool(pool))
        return _shared[1]


def asyncio_client(*, timeout: float = SOCKET_TIMEOUT, retries: int = 0, name: str | None = None) -> aioredis.Redis:
    """A client of REDIS_URL for one event loop (an asyncio pool belongs to its loop), for short
    calls, on REDIS_LOOP_POOL_SIZE connections; its owner closes it (`aclose`). `timeout` bounds a
    connect and a reply; a call whose connection failed or timed out is tried again `retries`
    times on a fresh connection (only for calls that may run twice: idempotent ones), after 50,
    100, 200 ms; `name` is the connections' CLIENT SETNAME (seen in CLIENT LIST)."""
    pool = aioredis.BlockingConnectionPool.from_url(
        settings.REDIS_URL,
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
        max_connections=settings.REDIS_LOOP_POOL_SIZE,
        timeout=settings.REDIS_POOL_WAIT_SECONDS,
        retry=Retry(ExponentialBackoff(cap=0.2, base=0.025), retries),
        client_name=name,
    )
    return aioredis.Redis.from_pool(pool)  # its aclose() closes the pool
