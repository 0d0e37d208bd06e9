"""The dashboard as the terminal reads it: a page of cities shared by the process's terminals
showing the same page at the same world version and minute."""

import time
from collections import OrderedDict

from django.conf import settings

from battles.selectors.dashboard import Dashboard, dashboard
from campaign import clock, freshness

READINGS_KEPT = 32
_readings: OrderedDict[tuple, Dashboard] = OrderedDict()  # touched in the database thread only


def reading(campaign, kingdom_id: int | None, page: int) -> Dashboard:
    """A page of the dashboard, shared by the process's terminals showing the same page at the
    same world version and minute (as the web's pushed readings are: a hundred terminals on the
    dashboard cost one reading a change). What is drawn in the session's language is translated
    when drawn, so one reading serves both languages."""
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
    if version:
        _readings[key] = dash
        while len(_readings) > READINGS_KEPT:
            _readings.popitem(last=False)
    return dash
