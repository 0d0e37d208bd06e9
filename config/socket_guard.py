"""What every websocket of the site passes before a consumer sees it (config/asgi.py):

- **Origin**, exactly as Django's CSRF check takes it for a form (`CsrfViewMiddleware.
  _origin_verified`): the handshake's `Origin` must be `scheme://host[:port]` of the request
  itself (its `Host`, validated against ALLOWED_HOSTS, with `ws` read as `http` and `wss` as
  `https`, or as SECURE_PROXY_SSL_HEADER says behind a TLS proxy), or one of
  CSRF_TRUSTED_ORIGINS (a `*.` entry covers subdomains). Channels' AllowedHostsOriginValidator
  compares host names only, so a page on another port of the site's host could act with a
  player's session cookie. No Origin (not a browser) is refused as it was. Refused: 4403.
- **A cap on open sockets**, per address (SOCKETS_PER_ADDRESS) and per logged-in user
  (SOCKETS_PER_USER), counted in Redis for every web process together: a sorted set per
  address and per user of connection ids scored by their last heartbeat. Each process
  refreshes its open sockets' scores every HEARTBEAT_SECONDS in one pipeline; an entry not
  refreshed for STALE_SECONDS (a process killed without cleaning up) is pruned when the set is
  next counted. Counting and adding is one script, so sockets opening at once in several
  processes cannot all see room for themselves. The excess is refused at connect: 4429.
- **A rate of handshakes** per address (SOCKET_OPENS_PER_ADDRESS, campaign/rates.py's sliding
  log), checked first of all: a flooder that opens a socket again as soon as it is closed makes
  the site pay a handshake, the session's database query and the user's each time, and the cap
  on open sockets never sees it (each socket is closed before the next opens). Refused: 4429.

The address is campaign/addresses.py's (an IPv6 client counts as its /64). Redis away: sockets
are let through and the outage is logged once (as the API's rate limit lets requests through);
for BACKOFF_SECONDS after Redis was found away nothing here asks it again, so that the closes
(one after another, they share a lock with the heartbeat) and the handshakes do not each wait
for its timeout; the next heartbeat after that counts the sockets opened meanwhile.
"""

import asyncio
import io
import logging
import secrets
import time
import weakref
from typing import Any
from urllib.parse import urlsplit

import redis.asyncio as aioredis
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.utils.http import is_same_domain

from campaign import rates, redis_clients
from campaign.addresses import socket_address

log = logging.getLogger(__name__)

CLOSE_ORIGIN = 4403
CLOSE_TOO_MANY = 4429
HEARTBEAT_SECONDS = 20.0
STALE_SECONDS = 60.0
BACKOFF_SECONDS = 5.0


def _handshake(scope) -> ASGIRequest:
    """The handshake read as Django reads an HTTP request (its META, Host and scheme)."""
    scheme = "https" if scope.get("scheme") == "wss" else "http"
    return ASGIRequest({**scope, "type": "http", "method": "GET", "scheme": scheme}, io.BytesIO())


def origin_allowed(scope) -> bool:
    """Whether the handshake's Origin is one Django's CSRF check accepts for this request."""
    origins = [value for name, value in scope.get("headers", []) if name == b"origin"]
    if len(origins) != 1:
        return False
    origin = origins[0].decode("latin1")
    request = _handshake(scope)
    try:
        if origin == f"{'https' if request.is_secure() else 'http'}://{request.get_host()}":
            return True
    except DisallowedHost:
        pass
    trusted = settings.CSRF_TRUSTED_ORIGINS
    if origin in (o for o in trusted if "*" not in o):
        return True
    try:
        parsed = urlsplit(origin)
    except ValueError:
        return False
    return any(
        is_same_domain(parsed.netloc, urlsplit(o).netloc.lstrip("*"))
        for o in trusted
        if "*" in o and urlsplit(o).scheme == parsed.scheme
    )


class OriginGuard:
    """Refuses (4403) a websocket whose Origin is not the site's own (above)."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            await receive()  # the client's connect
            await send({"type": "websocket.close", "code": CLOSE_ORIGIN})
            return
        return await self.application(scope, receive, send)


# KEYS: the sorted sets the socket counts in; ARGV: now, stale before, its id, the sets' life
# (ms), then each set's cap. 0 when the socket was added to every set, else the full set's number.
_ADMIT = """
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[2])
  if redis.call('ZCARD', key) >= tonumber(ARGV[4 + i]) then
    return i
  end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[1], ARGV[3])
  redis.call('PEXPIRE', key, ARGV[4])
end
return 0
"""


def counted_in(scope) -> list[tuple[str, int]]:
    """The sets a socket counts in, with their caps (a cap of 0 counts nothing)."""
    found = []
    address = socket_address(scope)
    if address and settings.SOCKETS_PER_ADDRESS > 0:
        found.append((f"sockets:address:{address}", settings.SOCKETS_PER_ADDRESS))
    user = scope.get("user")
    if user is not None and user.is_authenticated and settings.SOCKETS_PER_USER > 0:
        found.append((f"sockets:user:{user.pk}", settings.SOCKETS_PER_USER))
    return found


class Registry:
    """One event loop's open sockets (their ids and sets), kept counted in Redis."""

    def __init__(self) -> None:
        self.open: dict[str, list[str]] = {}
        self.client: aioredis.Redis | None = None
        self.script: Any = None  # the scripts registered on the client (redis.commands.core.AsyncScript)
        self.rate: Any = None
        self.task: asyncio.Task | None = None
        self.counting = True
        self.away_until = 0.0  # loop time before which Redis is not asked (BACKOFF_SECONDS)
        self.busy = 0  # calls to Redis under way outside the lock (the client is not closed under them)
        # Addresses past their handshake rate, with the loop time their window frees a place: until
        # then they are refused here without asking Redis (a flooder costs no round trip).
        self.refused: dict[str, float] = {}
        # A heartbeat's writes and a release's removal one after the other: a heartbeat that read
        # a socket still open must not write its entry again after the socket removed it.
        self.writing = asyncio.Lock()

    def _redis(self):
        if self.client is None:
            self.client = redis_clients.asyncio_client()  # a pool sized for the process: waits, never refuses
            self.script = self.client.register_script(_ADMIT)
            self.rate = self.client.register_script(rates.SLIDING_LOG)
        return self.client

    def _asking(self) -> bool:
        """False while backing off from an outage found less than BACKOFF_SECONDS ago."""
        return asyncio.get_running_loop().time() >= self.away_until

    def _away(self, exc: Exception) -> None:
        if self.counting:
            log.warning("open websockets not counted (let through): Redis unavailable (%s)", exc)
        self.counting = False
        self.away_until = asyncio.get_running_loop().time() + BACKOFF_SECONDS

    def _back(self) -> None:
        if not self.counting:
            log.info("open websockets counted again: Redis is back")
        self.counting = True

    async def opening(self, address: str, limit: int, seconds: float) -> bool:
        """Counts a handshake from `address`; False when it is past the rate (nothing counted)."""
        now = asyncio.get_running_loop().time()
        if self.refused.get(address, 0.0) > now:
            return False
        self.refused.pop(address, None)
        if not self._asking():
            return True
        self._redis()
        self.busy += 1
        try:
            wait = await rates.atake(self.rate, f"socket-opens:{address}", limit, seconds)
        except aioredis.RedisError as exc:
            self._away(exc)
            return True
        finally:
            self.busy -= 1
        self._back()
        if wait:
            if len(self.refused) > 10_000:
                self.refused = {found: until for found, until in self.refused.items() if until > now}
            self.refused[address] = now + wait
        return not wait

    async def admit(self, socket_id: str, sets: list[tuple[str, int]]) -> bool:
        """Counts the socket in its sets; False when one of them is full (nothing is counted)."""
        if not sets:
            return True
        now = time.time() * 1000
        keys = [key for key, _cap in sets]
        args = [now, now - STALE_SECONDS * 1000, socket_id, int(STALE_SECONDS * 1000), *(cap for _key, cap in sets)]
        full = 0
        if self._asking():
            self._redis()
            self.busy += 1
            try:
                full = await self.script(keys=keys, args=args)
            except aioredis.RedisError as exc:
                self._away(exc)
            else:
                self._back()
            finally:
                self.busy -= 1
        if full:
            return False
        self.open[socket_id] = keys
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._heartbeat())
        return True

    async def release(self, socket_id: str) -> None:
        keys = self.open.pop(socket_id, None)
        if not keys:
            return
        async with self.writing:
            if self.client is None or not self._asking():  # away: its entries go stale and are pruned
                return
            try:
                async with self.client.pipeline(transaction=False) as pipe:
                    for key in keys:
                        pipe.zrem(key, socket_id)
                    await pipe.execute()
            except aioredis.RedisError as exc:
                self._away(exc)

    async def _heartbeat(self) -> None:
        """While this loop has open sockets: their scores refreshed (and, after an outage, the
        sockets opened meanwhile counted). Then the client is closed (and on the loop's end)."""
        try:
            while self.open:
                await asyncio.sleep(HEARTBEAT_SECONDS)
                await self._refresh()
        except asyncio.CancelledError:
            await self._close()
            raise
        await self._close()
        if self.open:  # a socket opened while the client was closing
            self.task = asyncio.get_running_loop().create_task(self._heartbeat())

    async def _refresh(self) -> None:
        now = time.time() * 1000
        async with self.writing:
            if not self._asking() or not self.open:
                return
            try:
                async with self._redis().pipeline(transaction=False) as pipe:
                    for socket_id, keys in list(self.open.items()):
                        for key in keys:
                            pipe.zadd(key, {socket_id: now})
                            pipe.pexpire(key, int(STALE_SECONDS * 1000))
                    await pipe.execute()
            except aioredis.RedisError as exc:
                self._away(exc)
            else:
                self._back()

    async def _close(self) -> None:
        async with self.writing:  # after the releases already waiting
            if self.client is not None and not self.open and not self.busy:
                client, self.client, self.script, self.rate = self.client, None, None, None
                await client.aclose()


_registries: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Registry]" = weakref.WeakKeyDictionary()


def registry() -> Registry:
    loop = asyncio.get_running_loop()
    if loop not in _registries:
        _registries[loop] = Registry()
    return _registries[loop]


class SocketCap:
    """Refuses (4429) a websocket past its address's or its user's cap; below the auth
    middleware (it reads the user), above the router."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.application(scope, receive, send)
        connect = await receive()
        socket_id = secrets.token_hex(8)
        sockets = registry()
        if not await sockets.admit(socket_id, counted_in(scope)):
            await send({"type": "websocket.close", "code": CLOSE_TOO_MANY})
            return
        pending = [connect]

        async def replay():
            return pending.pop() if pending else await receive()

        try:
            return await self.application(scope, replay, send)
        finally:
            await sockets.release(socket_id)


def opens_rate() -> tuple[int, int] | None:
    """SOCKET_OPENS_PER_ADDRESS as (number, seconds); None when it is off (0 or empty)."""
    rate = settings.SOCKET_OPENS_PER_ADDRESS.strip()
    if not rate or rate.partition("/")[0].strip() == "0":
        return None
    return rates.parse(rate)


class HandshakeRate:
    """Refuses (4429) a websocket handshake past its address's SOCKET_OPENS_PER_ADDRESS, before
    the session and the user are read (a database query each)."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            rate, address = opens_rate(), socket_address(scope)
            if rate and address and not await registry().opening(address, *rate):
                await receive()  # the client's connect
                await send({"type": "websocket.close", "code": CLOSE_TOO_MANY})
                return
        return await self.application(scope, receive, send)


def websocket_stack(router):
    """The middleware every websocket route is served behind: the handshakes' rate, the Origin,
    the session's user, the cap (config/asgi.py; bench/live_asgi.py puts its relay behind the
    same)."""
    from channels.auth import AuthMiddlewareStack  # deferred: it imports the auth models, loaded after this module

    return HandshakeRate(OriginGuard(AuthMiddlewareStack(SocketCap(router))))
