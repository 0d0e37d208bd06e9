"""Rates: at most n events of one kind in any window of its length ("10/min"), counted in Redis
for every process at once, in one step (a sorted set read and written by one script: events of
one key arriving together in several processes cannot all see room for themselves). Used by the
API's limits (api/auth.py) and the boards' posting rate (campaign/services/boards.py). Redis away
lets the event through (logged): a limit is a guard, not a reason to stop the site.

>>> parse("10/min"), parse("120/m"), parse("2/hour"), parse("5/s"), parse("1/day")
((10, 60), (120, 60), (2, 3600), (5, 1), (1, 86400))
"""

import logging
import secrets
import time

import redis
from django.conf import settings
from redis.commands.core import Script
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

_SLIDING_LOG = """
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
_script: Script | None = None


def parse(rate: str) -> tuple[int, int]:
    """A rate's number and its window in seconds."""
    count, _slash, period = rate.partition("/")
    return int(count), PERIODS[period.strip()[:1].lower()]


def _sliding_log() -> Script:
    global _script
    if _script is None:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=0.5, socket_connect_timeout=0.5)
        _script = client.register_script(_SLIDING_LOG)
    return _script


def take(key: str, limit: int, seconds: float) -> float:
    """Count one event under `key` if fewer than `limit` were counted in the last `seconds`:
    0.0 then; else (nothing counted) the seconds until the oldest leaves the window."""
    now = int(time.time() * 1000)  # milliseconds
    window = int(seconds * 1000)
    try:
        allowed, oldest = _sliding_log()(keys=[key], args=[now, window, limit, f"{now}:{secrets.token_hex(6)}"])
    except RedisError:
        log.warning("rate %s not counted: Redis unavailable", key.split(":", 1)[0])
        return 0.0
    if allowed:
        return 0.0
    return max(0.001, (int(oldest) + window - now) / 1000)
