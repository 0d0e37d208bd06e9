"""Who is asking: a personal access token (`Authorization: Bearer cs_…`) or nobody. Reads are
open to anyone the page is open to (a token adds its user's private boards); acts need a token
made for acting. A token sent but unknown or revoked is a 401, never read as nobody."""

import math
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja.errors import Throttled
from ninja.security import HttpBearer
from ninja.throttling import SimpleRateThrottle

from accounts.models import AccessToken
from accounts.services import token_check
from campaign import rates
from campaign.addresses import client_address
from campaign.errors import NotAllowed


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


class _Throttle(SimpleRateThrottle):
    """At most the setting's number of requests in any window of its length (ninja's rate text,
    "120/min"), read from the settings at each request (so that the operators' and the tests'
    changes apply), counted in Redis for every process at once, in one step (campaign/rates.py:
    ninja's cache throttle reads, then writes); Redis away lets requests through (logged)."""

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
        self.retry_after = rates.take(f"api-rate:{key}", self.num_requests, self.duration)
        return not self.retry_after

    def wait(self) -> float | None:
        """Seconds until the oldest request counted leaves the window."""
        return self.retry_after or None


class UserThrottle(_Throttle):
    """Per user, all of their tokens together: API_RATE_TOKEN. Counted by the user, not by the
    token, so that holding many tokens (MAX_TOKENS) does not multiply the rate, and revoking a
    token and making a new one does not give a fresh count."""

    scope = "user"
    setting = "API_RATE_TOKEN"

    def get_cache_key(self, request: HttpRequest) -> str | None:
        token = getattr(request, "auth", None)
        if not isinstance(token, AccessToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": token.user_id}


class AddressThrottle(_Throttle):
    """Per address, for the requests without a valid token only: API_RATE_ADDRESS. A request
    with a token is counted by its user alone, so that a burst of anonymous reads from an
    address shared by many players does not stop their tokens. The address is the one uvicorn
    found (campaign/addresses.py), never a header a client sends."""

    scope = "address"
    setting = "API_RATE_ADDRESS"

    def get_cache_key(self, request: HttpRequest) -> str | None:
        if isinstance(getattr(request, "auth", None), AccessToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": client_address(request) or "unknown"}


def _unknown(request: HttpRequest) -> None:
    """A token sent that is not valid: counted by the address like an anonymous request, so that
    guessing tokens costs the guesser's address its rate (then 429 instead of 401)."""
    counted = AddressThrottle()
    if not counted.allow_request(request):
        raise Throttled(math.ceil(counted.retry_after))
