"""The dashboard page's context: a page of cities and, when every city is on it, the map beside
them. Read by the page, its refresh and its socket's push (live/dashboard_push.py) alike.
Apart from the reading (`dashboard.py`) because the map (`war_map.py`) is drawn from it."""

from urllib.parse import urlencode

from django.conf import settings

from campaign import clock, freshness
from campaign.models import Campaign
from dashboard.selectors.dashboard import dashboard
from dashboard.selectors.dashboard_kept import dashboard_kept
from dashboard.selectors.war_map import war_map


def dashboard_context(campaign: Campaign, kingdom_id: int | None, page: int, *, kept: bool = False) -> dict:
    """A page of cities, of one kingdom when `kingdom_id` names one of the campaign's; the map
    beside them when every city is on the page. A filter or page that means nothing (not a
    number, another campaign's kingdom) is the whole dashboard's first page. `version` is the
    world's before the reading (freshness.py), so that a change made meanwhile is pushed again
    to the page's socket (live/dashboard_push.py); `query` the filter as understood."""
    version = freshness.version() or ""
    if kept:  # the socket's push: the reading the process's other readers of the page share
        dash = dashboard_kept(campaign, kingdom_id, page)
    else:
        dash = dashboard(
            campaign=campaign,
            now=clock.now(),
            kingdom_id=kingdom_id,
            page=page,
            per_page=settings.DASHBOARD_CITIES_PER_PAGE,
        )
    chosen = {"kingdom": dash.kingdom.pk} if dash.kingdom else {}
    query = urlencode(chosen | ({"page": dash.page} if dash.page > 1 else {}))
    return {
        "campaign": campaign,
        "dash": dash,
        "map": war_map(campaign=campaign, dash=dash) if dash.whole else None,
        "query": query,
        "version": version,
    }
