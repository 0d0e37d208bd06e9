"""The dashboard: every city's defence values, who is there, who is on the road; and the map."""

import gzip

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe

from campaign.conditional import unless_unchanged
from campaign.inputs import query_number
from campaign.pages import campaign_page
from dashboard.map_drawn import accepts_gzip, map_gzipped
from dashboard.selectors.dashboard_page import dashboard_context


def _dashboard_context(request, campaign) -> dict:
    kingdom_id, page = query_number(request.GET.get("kingdom")), query_number(request.GET.get("page"))
    return dashboard_context(campaign, kingdom_id, page or 1)


@campaign_page
def dashboard_page(request, campaign):
    return render(request, "dashboard/dashboard.html", _dashboard_context(request, campaign))


@unless_unchanged
@campaign_page
def dashboard_live(request, campaign):
    """The part htmx fetches every few seconds to keep the page current."""
    return render(request, "dashboard/_dashboard_live.html", _dashboard_context(request, campaign))


@campaign_page
def map_page(request, campaign):
    """The map on its page: the drawing of this world version (dashboard/map_drawn.py) in the page."""
    drawn = gzip.decompress(map_gzipped(request, campaign)).decode()
    return render(request, "dashboard/map.html", {"campaign": campaign, "drawn": mark_safe(drawn)})  # noqa: S308


@unless_unchanged
@campaign_page
def map_live(request, campaign):
    """The map's part htmx fetches every few seconds: sent as kept, compressed, to a reader that
    takes gzip (the GZip middleware leaves an answer already encoded alone)."""
    drawn = map_gzipped(request, campaign)
    if not accepts_gzip(request):
        return HttpResponse(gzip.decompress(drawn), content_type="text/html; charset=utf-8")
    response = HttpResponse(drawn, content_type="text/html; charset=utf-8")
    response["Content-Encoding"] = "gzip"
    patch_vary_headers(response, ("Accept-Encoding",))
    return response
