"""An open dashboard is sent the rows that changed, over its websocket (the DashboardConsumer of
live/consumers.py), instead of fetching its page of cities again.

- Each web process has one watcher per event loop that reads the world version in Redis every
  PUSH_SECONDS (campaign/freshness.py stamps a new one after every commit that changed
  what the dashboard shows; the minute counts too, for R2.6's online flags) and wakes the
  process's open dashboards when it moved. One GET a tick per process, whatever the readers.
- Each dashboard (one socket: a page of cities, a kingdom filter, a language, a zone) then
  reads its page again through the page's own selector and templates, and sends only the parts
  whose HTML changed: a city's row, the road, the map, with the "updated" line. When the cities
  of the page are no longer the same (a city taken out of a kingdom's filter) the whole section
  is sent. Readings are shared by the process's dashboards of the same page, language, zone
  and version: twenty readers of one page cost one reading per change.
- The page tells the socket the version it was drawn at: a change between the page and the
  socket sends the section at once. While the socket is open the page stops polling; when it
  closes the 5-second refresh (with its ETag, 304 when nothing changed) takes over.
"""

import asyncio
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Protocol
from zoneinfo import ZoneInfo

import redis.asyncio as aioredis
from django.template.loader import get_template
from django.utils import timezone, translation

from campaign import freshness, redis_clients
from campaign.inputs import zone_named
from campaign.models import Campaign
from dashboard.selectors.dashboard_page import dashboard_context

UPDATED = "dashboard-updated"
READINGS_KEPT = 32
# How often each web process reads the world version: one Redis GET a tick per process whatever
# the readers, and a change reaches every open dashboard within a tick plus one reading (median
# 264 ms at 1,000 cities, bench/pages.py); a slower tick delays every change, a faster one costs
# each process more GETs for a difference no reader notices.
PUSH_SECONDS = 0.25


@dataclass
class Reading:
    """A page of the dashboard as read at one world version: its cities in order (with whether a
    next page exists), each part's HTML by element id, and the context to draw the section."""

    version: str
    cities: tuple
    parts: dict[str, str]
    context: dict = field(repr=False)
    language: str = ""
    zone: ZoneInfo | None = None
    # whether the world version was still `version` once the reading was done: a change committed
    # while it read is in its parts though it is labelled with the version before (the stamp
    # follows the commit), so an unsettled reading is not "what a page drawn at `version` shows"
    settled: bool = True

    def section(self) -> str:
        with translation.override(self.language), timezone.override(self.zone):
            return get_template("dashboard/_dashboard_live.html").render(self.context).strip()


_readings: OrderedDict[tuple, Reading] = OrderedDict()  # touched in the database thread only


def read(campaign: Campaign, kingdom_id: int | None, page: int, language: str, zone_name: str) -> Reading:
    """The page's parts now (shared by the process's readers of the same page at the same version)."""
    version = freshness.version() or ""
    zone = zone_named(zone_name) or campaign.zone
    key = (campaign.pk, kingdom_id, page, language, zone.key, version, int(time.time() // freshness.MINUTE))
    if version and key in _readings:
        _readings.move_to_end(key)
        return _readings[key]
    with translation.override(language), timezone.override(zone):
        context = dashboard_context(campaign, kingdom_id, page, kept=True)
        dash = context["dash"]
        row = get_template("dashboard/_dashboard_row.html")
        parts = {f"city-{r.city.pk}": row.render({**context, "row": r}) for r in dash.rows}
        for name in ("_dashboard_road", "_dashboard_map", "_dashboard_updated"):
            part = get_template(f"dashboard/{name}.html").render(context)
            parts[name.replace("_dashboard_", "dashboard-")] = part
    cities = (tuple(r.city.pk for r in dash.rows), dash.has_next)
    settled = bool(context["version"]) and freshness.version() == context["version"]
    reading = Reading(context["version"], cities, parts, context, language, zone, settled)
    if version and settled:
        _readings[key] = reading
        while len(_readings) > READINGS_KEPT:
            _readings.popitem(last=False)
    return reading


class OpenDashboard(Protocol):
    """An open dashboard's socket, as the watcher wakes it."""

    def wake(self) -> None: ...


class Watcher:
    """The world version as seen by one event loop, and the dashboards it wakes."""

    def __init__(self) -> None:
        self.dashboards: set[OpenDashboard] = set()
        self.task: asyncio.Task | None = None

    def add(self, dashboard: OpenDashboard) -> None:
        self.dashboards.add(dashboard)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        client = redis_clients.asyncio_client()
        seen: tuple | None = None
        try:
            while self.dashboards:
                try:
                    current = await client.get(freshness.KEY)
                except aioredis.RedisError:  # away: nothing to compare; its return brings a new version
                    await asyncio.sleep(freshness.AWAY_SECONDS)  # not a new connection every look
                    continue
                now = (current, int(time.time() // freshness.MINUTE))
                if current is not None and now != seen:
                    # the first look wakes them too: a dashboard that read before a change the
                    # watcher's first look already sees would otherwise not hear of it
                    for dashboard in list(self.dashboards):
                        dashboard.wake()
                    seen = now
                await asyncio.sleep(PUSH_SECONDS)
        finally:
            await client.aclose()


_watchers: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Watcher]" = weakref.WeakKeyDictionary()


def watcher() -> Watcher:
    loop = asyncio.get_running_loop()
    if loop not in _watchers:
        _watchers[loop] = Watcher()
    return _watchers[loop]
