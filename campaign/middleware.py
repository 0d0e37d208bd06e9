"""Presence (R2.6): a logged-in request marks its officer present (each session writes it at most
once a minute). A database busy past its timeout leaves it for the session's next request: the page
is served all the same (campaign/busy.py)."""

from django.db import OperationalError

from campaign import clock
from campaign.busy import database_busy
from campaign.services.presence import presence_touch

PRESENCE_WRITE_EVERY = 60  # seconds: presence is in minutes, no need to write on every request


class PresenceMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            now = clock.now()
            last = request.session.get("presence_written", 0)
            if now.timestamp() - last >= PRESENCE_WRITE_EVERY and _touched(user.pk, now):
                request.session["presence_written"] = now.timestamp()
        return self.get_response(request)


def _touched(user_id: int, now) -> bool:
    try:
        presence_touch(user_id=user_id, now=now)
    except OperationalError as exc:
        if not database_busy(exc):
            raise
        return False
    return True
