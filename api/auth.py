"""Who is asking: a personal access token (`Authorization: Bearer cs_…`) or nobody. Reads are
open to anyone the page is open to (a token adds its user's private boards); acts need a token
made for acting. A token sent but unknown or revoked is a 401, never read as nobody."""

import logging
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja.security import HttpBearer
from ninja.throttling import SimpleRateThrottle
from redis.exceptions import RedisError

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
        return token_check(token)


class Actor(HttpBearer):
    """A token made for acting (a read-only token is refused with 403)."""

    def authenticate(self, request: HttpRequest, token: str) -> AccessToken | None:
        found = token_check(token)
        if found is not None and found.scope != AccessToken.Scope.ACT:
            raise NotAllowed("", _("This token may only read; make one that may act."))
        return found


class _Throttle(SimpleRateThrottle):
    """ninja's cache-kept throttle (Django's cache: Redis, shared by every process), its rate read
    from the settings at each request (so that the operators' and the tests' changes apply)."""

    setting = ""

    def __init__(self) -> None:
        self.rate = None

    def allow_request(self, request: HttpRequest) -> bool:
        self.rate = getattr(settings, self.setting)
        self.num_requests, self.duration = self.parse_rate(self.rate)
        try:
            return super().allow_request(request)
        except RedisError:
            log.warning("API rate limits not counted: Redis unavailable")
            return True


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
    """Per address, tokens or not: API_RATE_ADDRESS (the anonymous readers' only limit)."""

    scope = "address"
    setting = "API_RATE_ADDRESS"

    def get_cache_key(self, request: HttpRequest) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
