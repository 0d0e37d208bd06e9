"""Who is at the other end: the client's address, one reading for the site's limits (the API's
per address, the log-in's pauses).

It is the peer uvicorn reports (REMOTE_ADDR; a socket's scope["client"] is the same address).
uvicorn alone reads X-Forwarded-For, and only from the proxies named in TRUSTED_PROXIES (runall
and the systemd unit pass it as --forwarded-allow-ips; none by default): a header sent by anyone
else never changes the address, so rotating it neither makes a new address for the limits nor
gets a paused log-in past its pause (issue 24)."""

from django.http import HttpRequest


def client_address(request: HttpRequest) -> str | None:
    """None when the request came from no socket (a test's or a shell's HttpRequest): django-axes
    then stores no address, as its own reading does."""
    return request.META.get("REMOTE_ADDR") or None
