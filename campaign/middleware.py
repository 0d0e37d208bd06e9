"""Presence (R2.6): a logged-in request marks its officer present (each session writes it at most once a minute)."""

from campaign import clock
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
            if now.timestamp() - last >= PRESENCE_WRITE_EVERY:
                presence_touch(user_id=user.pk, now=now)
                request.session["presence_written"] = now.timestamp()
        return self.get_response(request)
