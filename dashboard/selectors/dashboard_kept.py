"""One reading of a page of the dashboard for all its readers in the process: the pushed pages
(live/dashboard_push.py, which draws it once per language and zone) and the terminals (bbs/war/)
read the same page at the same world version and minute from here, so a hundred readers cost one
reading a change. Nothing in a reading is in a reader's language or zone: both are applied when
it is drawn."""

import time
from collections import OrderedDict

from django.conf import settings

from campaign import clock, freshness
from campaign.models import Campaign
from dashboard.selectors.dashboard import Dashboard, dashboard

READINGS_KEPT = 32
_readings: OrderedDict[tuple, Dashboard] = OrderedDict()  # touched in the database thread only


def dashboard_kept(campaign: Campaign, kingdom_id: int | None, page: int) -> Dashboard:
    """A page of cities as `dashboard` reads it, kept while the world version and the minute (R2.6's
    online flags) are those it was read at. A reading during which the version moved is not kept:
    a change committed meanwhile may be in it or not."""
    version = freshness.version() or ""
    key = (campaign.pk, kingdom_id, page, version, int(time.time() // freshness.MINUTE))
    if version and key in _readings:
        _readings.move_to_end(key)
        return _readings[key]
    dash = dashboard(
        campaign=campaign,
        now=clock.now(),
        kingdom_id=kingdom_id,
        page=page,
        per_page=settings.DASHBOARD_CITIES_PER_PAGE,
    )
    if version and freshness.version() == version:
        _readings[key] = dash
        while len(_readings) > READINGS_KEPT:
            _readings.popitem(last=False)
    return dash
