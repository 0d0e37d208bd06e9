"""Who is asking: a personal access token (`Authorization: Bearer cs_…`) or nobody. Reads are
open to anyone the page is open to (a token adds its user's private boards); acts need a token
made for acting. A token sent but unknown or revoked is a 401, never read as nobody."""

import logging
import secrets
import time
from dataclasses import dataclass

import redis
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja.errors import Throttled
from ninja.security import HttpBearer
from ninja.throttling import SimpleRateThrottle
from redis.commands.core import Script
from redis.exceptions import RedisError

from campaign.addresses import client_address
from campaign.errors import NotAllowed
from campaign.models import AccessToken
from campaign.services.tokens import token_check

log = logging.getLogger(__name__)


@dataclass
class Anonymous:
    """The reader without a token (truthy: ninja lets a read through)."""

    user: AnonymousUser
    scope: str = AccessToken.Scope.READ
    pk: None = None


class Reader(HttpBearer):
    """A token when one is sent (401 if it is not valid), else the anonymous reader."""

    def __call__(self, request: HttpRequest):
        if "Authorization" not in request.headers:
            return Anonymous(AnonymousUser())
        return super().__call__(request)

    def authenticate(self, request: HttpRequest, token: str) -> AccessToken | None:
        found = token_check(token)
        if found is None:
            _unknown(request)
        return found


class Actor(HttpBearer):
    """A token made for acting (a read-only token is refused with 403)."""

    def authenticate(self, request: HttpRequest, token: str) -> AccessToken | None:
        found = token_check(token)
        if found is None:
            _unknown(request)
        elif found.scope != AccessToken.Scope.ACT:
            raise NotAllowed("", _("This token may only read; make one that may act."))
        return found


# A sliding log of the last window's requests, kept in one Redis sorted set per token or address
# and read and written in one step: requests of one caller arriving together in several processes
# cannot all see room for themselves (ninja's cache throttle reads, then writes).
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


def _sliding_log() -> Script:
    global _script
    if _script is None:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=0.5, socket_connect_timeout=0.5)
        _script = client.register_script(_SLIDING_LOG)
    return _script


class _Throttle(SimpleRateThrottle):
    """At most the setting's number of requests in any window of its length (ninja's rate text,
    "120/min"), read from the settings at each request (so that the operators' and the tests'
    changes apply), counted in Redis for every process at once; Redis away lets requests
    through (logged)."""

    setting = ""

    def __init__(self) -> None:
        self.rate = None
        self.retry_after = 0.0

    def allow_request(self, request: HttpRequest) -> bool:
        self.rate = getattr(settings, self.setting)
        self.num_requests, self.duration = self.parse_rate(self.rate)
        key = self.get_cache_key(request)
        if key is None or self.num_requests is None or self.duration is None:
            return True
        now = int(time.time() * 1000)  # milliseconds
        window = self.duration * 1000
        try:
            allowed, oldest = _sliding_log()(
                keys=[f"api-rate:{key}"], args=[now, window, self.num_requests, f"{now}:{secrets.token_hex(6)}"]
            )
        except RedisError:
            log.warning("API rate limits not counted: Redis unavailable")
            return True
        self.retry_after = max(0.0, (int(oldest) + window - now) / 1000)
        return bool(allowed)

    def wait(self) -> float | None:
        """Seconds until the oldest request counted leaves the window."""
        return self.retry_after or None


class TokenThrottle(_Throttle):
    """Per token: API_RATE_TOKEN."""

    scope = "token"
    setting = "API_RATE_TOKEN"

    def get_cache_key(self, request: HttpRequest) -> str | None:
        token = getattr(request, "auth", None)
        if not isinstance(token, AccessToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": token.digest[:16]}


class AddressThrottle(_Throttle):
    """Per address, for the requests without a valid token only: API_RATE_ADDRESS. A request
    with a token is counted by its token alone (issue 24: a burst of anonymous reads from an
    address shared by many players must not stop their tokens). The address is the one uvicorn
    found (campaign/addresses.py), never a header a client sends."""

    scope = "address"
    setting = "API_RATE_ADDRESS"

    def get_cache_key(self, request: HttpRequest) -> str | None:
        if isinstance(getattr(request, "auth", None), AccessToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": client_address(request)}


def _unknown(request: HttpRequest) -> None:
    """A token sent that is not valid: counted by the address like an anonymous request, so that
    guessing tokens costs the guesser's address its rate (then 429 instead of 401)."""
    counted = AddressThrottle()
    if not counted.allow_request(request):
        raise Throttled(counted.wait())
