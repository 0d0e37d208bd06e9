"""Log-in pauses (django-axes' database handler): by user and address, and by address
alone only far above that.

AXES_LOCKOUT_PARAMETERS counts a user's wrong passwords from one address: LOGIN_FAILURE_LIMIT
of them pause that user's log-in from there. An address with LOGIN_ADDRESS_FAILURE_LIMIT wrong
passwords for any users within the cool-off is paused for everyone: someone trying many names
from one place. With the address alone at the user's limit (axes' `"ip_address"`), one player's
typos shut out everyone behind the same router. A right password clears that user's failures
from that address only, so logging in to one's own account does not clear an attacker's count."""

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum


class LoginLimits(AxesDatabaseHandler):
    def get_failures(self, request, credentials: dict | None = None) -> int:
        failures = super().get_failures(request, credentials)  # this user from this address
        limit = get_failure_limit(request, credentials)
        if failures < limit and self.address_failures(request) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            request.login_address_paused = True  # the page says so (accounts/views/locked_out.py)
            return limit
        return failures

    def address_failures(self, request) -> int:
        attempts = AccessAttempt.objects.filter(ip_address=request.axes_ip_address)
        if settings.AXES_COOLOFF_TIME is not None:
            attempts = attempts.filter(attempt_time__gte=get_cool_off_threshold(request))
        return attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
