"""Rates: at most n events of one kind in any window of its length ("10/min"), counted in Redis
for every process at once, in one step (a sorted set read and written by one script: events of
one key arriving together in several processes cannot all see room for themselves). Used by the
API's limits (api/auth.py), the boards' posting rate (forum/services/boards.py) and the
websockets' handshakes per address (config/socket_guard.py, on its own asyncio client: `atake`).
Redis away lets the event through, logged once an outage (then once when it is back): a limit
is a guard, not a reason to stop the site, and a log line per request would bury the rest.

>>> parse("10/min"), parse("120/m"), parse("2/hour"), parse("5/s"), parse("1/day")
((10, 60), (120, 60), (2, 3600), (5, 1), (1, 86400))
"""

import logging
import secrets
import time

import redis
from redis.commands.core import Script
from redis.exceptions import RedisError

from campaign.redis_clients import shared

log = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

SLIDING_LOG = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local count = redis.call('ZCARD', KEYS[1])
if count < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, '0'}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, oldest[2]}
"""
_script: tuple[redis.Redis, Script] | None = None
_away = False


def parse(rate: str) -> tuple[int, int]:
    """A rate's number and its window in seconds."""
    count, _slash, period = rate.partition("/")
    return int(count), PERIODS[period.strip()[:1].lower()]


def _sliding_log() -> Script:
    """The script on the process's client of REDIS_URL (campaign/redis_clients.py)."""
    global _script
    client = shared()
    if _script is None or _script[0] is not client:
        _script = (client, client.register_script(SLIDING_LOG))
    return _script[1]


def event(limit: int, seconds: float) -> tuple[int, int, list]:
    """Now and the window (ms), and the script's arguments for one event."""
    now = int(time.time() * 1000)
    window = int(seconds * 1000)
    return now, window, [now, window, limit, f"{now}:{secrets.token_hex(6)}"]


def wait(found, now: int, window: int) -> float:
    """The script's answer read: 0.0 when counted, else the seconds until the oldest leaves."""
    allowed, oldest = found
    if allowed:
        return 0.0
    return max(0.001, (int(oldest) + window - now) / 1000)


def take(key: str, limit: int, seconds: float) -> float:
    """Count one event under `key` if fewer than `limit` were counted in the last `seconds`:
    0.0 then; else (nothing counted) the seconds until the oldest leaves the window."""
    global _away
    now, window, args = event(limit, seconds)
    try:
        found = _sliding_log()(keys=[key], args=args)
    except RedisError as exc:
        if not _away:
            log.warning("rates not counted (let through): Redis unavailable (%s)", exc)
        _away = True
        return 0.0
    if _away:
        log.info("rates counted again: Redis is back")
    _away = False
    return wait(found, now, window)


async def atake(script, key: str, limit: int, seconds: float) -> float:
    """`take` on an asyncio client's registered SLIDING_LOG (`script`); a RedisError is the
    caller's to handle (the socket guard backs off on it)."""
    now, window, args = event(limit, seconds)
    return wait(await script(keys=[key], args=args), now, window)
