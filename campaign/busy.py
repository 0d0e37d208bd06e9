"""The database busy: on SQLite one writer at a time holds the write lock, and a writer that
waited the whole busy timeout (settings.py's SQLite OPTIONS) gives up with "database is locked".
No bulk write holds the lock for long (a world file is written in parts: seasons/world/staging.py),
so this is rare; when it happens, nothing of the refused transaction was written. A page's action
says so and keeps what the user typed (campaign/pages.py), anything else answers 503 with
Retry-After (never a 500), and the timers' sweeper leaves the rest to its next pass."""

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
        if not database_busy(exc):
            return None
        response = HttpResponse(busy_message(), status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = str(RETRY_AFTER)
        return response
