"""The database busy: on SQLite one writer at a time holds the write lock, and a writer that
waited the whole busy timeout (settings.py's SQLite OPTIONS) gives up with "database is locked".
No bulk write holds the lock for long (a world file is written in parts: seasons/world/staging.py),
so this is rare; when it happens, nothing of the refused transaction was written. A page's action
says so in a message (campaign/pages.py; what the user typed is not kept in the session, whose
save would be a write too), anything else answers 503 with Retry-After, never a 500 (a write
outside a view meets it in config/errors.py's handler500); a request's presence is left unwritten
(campaign/middleware.py), and the timers' sweeper leaves the rest to its next pass."""

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

RETRY_AFTER = 5  # seconds


def database_busy(exc: BaseException) -> bool:
    """Whether `exc` is the database refusing a writer that waited its whole timeout."""
    return isinstance(exc, OperationalError) and "database is locked" in str(exc)


def busy_message() -> str:
    return _("The site was busy and applied nothing; please try again in a moment.")


class BusyMiddleware:
    """A request that met a busy database answers 503 and Retry-After, with a message."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        return busy_response() if database_busy(exc) else None


def busy_response() -> HttpResponse:
    response = HttpResponse(busy_message(), status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER)
    return response
