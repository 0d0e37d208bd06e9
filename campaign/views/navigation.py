"""What the navigation bar offers the visitor: only the pages where they may do something."""

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from campaign.authority import may_manage_personnel


def navigation(request: HttpRequest) -> dict:
    """`may_manage_personnel`, read only when a page's navigation asks. `draft`: what the visitor
    typed in a form the site refused, shown once again in that form."""
    officer = getattr(request, "officer", None)
    session = getattr(request, "session", None)
    draft = session.pop("draft", {}) if session is not None and "draft" in session else {}
    return {"may_manage_personnel": SimpleLazyObject(lambda: may_manage_personnel(officer)), "draft": draft}
