"""The map's drawing kept per world version: the war map of a large world (thousands of cities,
a hundred thousand roads) costs seconds to read and draw and megabytes to send, the same for
every reader. It is drawn once per world version (campaign/freshness.py: any write that changes
what the map shows makes a new one), language and time zone, and kept gzip-compressed in the
cache (Redis); a drawing with armies or officers on the road is kept for its minute only (they
move along their roads with the clock; the pages' ETags count minutes too). Every other reader
gets the compressed bytes: no query for the map, no drawing. Without Redis (no version) it is
drawn for each reader, as before."""

import gzip
import hashlib
import logging
import time

from django.core.cache import cache
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language

from campaign import clock
from campaign.freshness import MINUTE, version
from campaign.models import Campaign
from dashboard.selectors.dashboard import dashboard
from dashboard.selectors.war_map import war_map

log = logging.getLogger(__name__)
TEMPLATE = "dashboard/_map_live.html"
KEPT = 60 * MINUTE  # seconds a drawing is kept (a new world version is another key at once)
drawings = {"made": 0}  # maps drawn by this process (the tests read it: a kept one is not drawn)


def map_context(campaign: Campaign) -> dict:
    dash = dashboard(campaign=campaign, now=clock.now())
    return {"campaign": campaign, "dash": dash, "map": war_map(campaign=campaign, dash=dash)}


def _key(campaign: Campaign, current: str) -> str:
    asked = "\n".join((current, get_language() or "", timezone.get_current_timezone_name()))
    return f"map:{campaign.pk}:{hashlib.blake2b(asked.encode(), digest_size=12).hexdigest()}"


def _minute() -> int:
    return int(time.time() // MINUTE)


def map_gzipped(request: HttpRequest, campaign: Campaign) -> bytes:
    """The map's part (`dashboard/_map_live.html`), gzip-compressed: from the cache when this world
    version's was drawn already (this minute's, when something moves on it), else drawn and
    compressed once."""
    current = version()
    key = _key(campaign, current) if current else None
    if key is not None:
        try:
            kept = cache.get(key)
        except Exception:  # noqa: BLE001 - the cache (Redis) down: drawn for this reader
            log.warning("the map's cache is unavailable", exc_info=True)
            kept, key = None, None
        if kept is not None and (not kept[1] or kept[2] == _minute()):
            return kept[0]
    drawings["made"] += 1
    context = map_context(campaign)
    html = render_to_string(TEMPLATE, context, request=request)
    drawn = gzip.compress(html.encode(), compresslevel=6, mtime=0)
    if key is not None:
        try:  # a drawing with armies or officers on the road is kept for its minute only
            cache.set(key, (drawn, bool(context["map"].markers), _minute()), timeout=KEPT)
        except Exception:  # noqa: BLE001
            log.warning("the map's cache is unavailable", exc_info=True)
    return drawn


def accepts_gzip(request: HttpRequest) -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "").lower()
