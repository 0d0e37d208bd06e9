"""The caps of terminal sessions counted in Redis for every BBS process at once (one port shared
by several processes, or several hosts behind a TCP balancer): BBS_SESSIONS_PER_USER sessions per
user, BBS_SESSIONS_PER_ADDRESS connections per address.

Each session or connection counted is an entry of its key's sorted set, scored by when it lapses
(Redis's own clock: hosts need not agree on the time); a script drops the lapsed entries, counts the
rest and adds one only below the cap, in one step, so that connections arriving together in two
processes cannot both see room for themselves. An entry is removed when its session ends; a
process's beat (bbs/heartbeat.py) pushes its entries' lapse forward every BBS_HEARTBEAT_SECONDS,
so that a process that dies (SIGKILL, a host lost) leaves nothing counted past
BBS_HEARTBEAT_SECONDS × LAPSE_BEATS.

Under load the count holds: the caps' client waits TIMEOUT for a connection or a reply (not the
0.5 s of the site's short calls: a log-in is no keystroke, and a loop busy with a burst of SSH
handshakes took longer than 0.5 s to read a reply that had come, bench/bbs.py at 300 sessions),
and a call whose connection was dropped (Redis restarted, CLIENT KILL, a timeout) is tried again
on a fresh one, RETRIES times; the scripts may run twice (an entry already there is counted once).
Redis truly away (every try failed: at most (RETRIES + 1) × TIMEOUT and the pauses, about 6 s)
lets the session in uncounted, logged once an outage, as the site's rates do (campaign/rates.py):
a cap is a guard against one user or address holding too many sessions, not a reason to close the
BBS to everyone while Redis is down."""

import asyncio
import logging
import secrets

import redis.asyncio as aioredis
from redis.commands.core import AsyncScript
from redis.exceptions import RedisError

from bbs.conf import setting
from campaign import redis_clients

log = logging.getLogger(__name__)

LAPSE_BEATS = 3  # an entry not pushed forward for three beats has lost its process
PREFIX = "bbs:sessions:"
TIMEOUT = 2.0  # seconds for a connection or a reply
RETRIES = 2
CLIENT_NAME = "bbs-caps"  # the connections' name in Redis's CLIENT LIST

# An entry already there (the same call tried again, its first reply lost) is counted once.
TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  return 1
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2])))
return 1
"""
# Only entries still there (XX): one removed as its session ended is not brought back.
KEEP = """
local t = redis.call('TIME')
local lapse = tonumber(t[1]) + tonumber(t[2]) / 1000000 + tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', lapse, ARGV[i + 1])
  redis.call('EXPIRE', key, math.ceil(tonumber(ARGV[1])))
end
return #KEYS
"""


def user_key(user_id: int) -> str:
    return f"{PREFIX}user:{user_id}"


def address_key(address: str) -> str:
    return f"{PREFIX}address:{address}"


def lapse_seconds() -> float:
    return setting("BBS_HEARTBEAT_SECONDS") * LAPSE_BEATS


class Caps:
    """A process's entries in the caps (`held`: entry → key), on its event loop's Redis client."""

    def __init__(self) -> None:
        self.held: dict[str, str] = {}
        self._client: aioredis.Redis | None = None
        self._take: AsyncScript | None = None
        self._keep: AsyncScript | None = None
        self._away = False
        self._releasing: set[asyncio.Task] = set()
        self.closed = False

    def _scripts(self) -> tuple[AsyncScript, AsyncScript]:
        if self._client is None or self._take is None or self._keep is None:
            self._client = redis_clients.asyncio_client(timeout=TIMEOUT, retries=RETRIES, name=CLIENT_NAME)
            self._take = self._client.register_script(TAKE)
            self._keep = self._client.register_script(KEEP)
        return self._take, self._keep

    def _went_away(self, exc: Exception) -> None:
        if not self._away:
            self._away = True
            log.warning("bbs: Redis away (%s): sessions are let in without their caps counted", exc)

    def _back(self) -> None:
        if self._away:
            self._away = False
            log.warning("bbs: Redis back: the sessions' caps are counted again")

    async def take(self, key: str, cap: int) -> str | None:
        """An entry under `key` if fewer than `cap` are there: its name (release it with
        `release`), "" when Redis is away (let in, uncounted); None when the cap is reached."""
        take, _keep = self._scripts()
        entry = secrets.token_hex(8)
        try:
            counted = await take(keys=[key], args=[cap, lapse_seconds(), entry])
        except (RedisError, OSError) as exc:
            self._went_away(exc)
            return ""
        self._back()
        if not counted:
            return None
        self.held[entry] = key
        return entry

    async def release(self, entry: str | None) -> None:
        key = self.held.pop(entry, None) if entry else None
        if entry is None or key is None or self.closed:
            return
        try:
            self._scripts()
            assert self._client is not None
            await self._client.zrem(key, entry)
        except (RedisError, OSError) as exc:  # it lapses by itself
            self._went_away(exc)

    def release_soon(self, entry: str | None) -> None:
        """`release` from a callback that cannot wait (a connection lost)."""
        if entry and entry in self.held:
            task = asyncio.get_running_loop().create_task(self.release(entry))
            self._releasing.add(task)
            task.add_done_callback(self._releasing.discard)

    async def keep(self) -> None:
        """Push every entry of this process's forward by the lapse (the beat's part)."""
        if not self.held:
            return
        _take, keep = self._scripts()
        entries = list(self.held.items())
        try:
            await keep(keys=[key for _entry, key in entries], args=[lapse_seconds(), *(e for e, _key in entries)])
        except (RedisError, OSError) as exc:
            self._went_away(exc)
        else:
            self._back()

    async def close(self) -> None:
        """Every entry released, the client closed (the process stops)."""
        for entry in list(self.held):
            await self.release(entry)
        if self._releasing:
            await asyncio.gather(*self._releasing, return_exceptions=True)
        self.closed = True
        if self._client is not None:
            await self._client.aclose()
            self._client = None
