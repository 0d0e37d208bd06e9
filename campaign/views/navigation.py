"""What the navigation bar offers the visitor: only the pages where they may do something."""

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from campaign.authority import is_king
from cities.models import City


def navigation(request: HttpRequest) -> dict:
    """`may_manage_personnel`: the king, or a governor (R2.1, R2.3, R2.4, R3.2); read only when a
    page's navigation asks, and without a query for a king. `draft`: what the visitor typed in a
    form the site refused, shown once again in that form."""
    officer = getattr(request, "officer", None)

    def may_manage() -> bool:
        if officer is None:
            return False
        if officer.kingdom is not None and is_king(officer, officer.kingdom):
            return True
        return City.objects.filter(governor=officer).exists()

    session = getattr(request, "session", None)
    draft = session.pop("draft", {}) if session is not None and "draft" in session else {}
    return {"may_manage_personnel": SimpleLazyObject(may_manage), "draft": draft}
