"""What the navigation bar offers the visitor: only the pages where they may do something, and
the number of their duties (read by the war: campaign.hooks.duty_readers)."""

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from campaign import clock, hooks
from campaign.authority import may_manage_personnel


def navigation(request: HttpRequest) -> dict:
    """`may_manage_personnel` and `duty_count`, read only when a page's navigation asks.
    `draft`: what the visitor typed in a form the site refused, shown once again in that form."""
    officer = getattr(request, "officer", None)
    session = getattr(request, "session", None)
    draft = session.pop("draft", {}) if session is not None and "draft" in session else {}
    return {
        "may_manage_personnel": SimpleLazyObject(lambda: may_manage_personnel(officer)),
        "duty_count": SimpleLazyObject(lambda: _duty_count(request, officer)),
        "draft": draft,
    }


def _duty_count(request: HttpRequest, officer) -> int:
    if officer is None:
        return 0
    duties = getattr(request, "duties", None)  # the duties page read them already
    if duties is None:
        now = clock.now()
        duties = [duty for reader in hooks.duty_readers for duty in reader(officer=officer, now=now)]
    return len(duties)
