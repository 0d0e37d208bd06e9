"""The dashboard: every city's defence values, who is there, who is on the road; and the map."""

from django.shortcuts import render

from battles.selectors.dashboard import dashboard
from battles.selectors.dashboard_page import dashboard_context
from battles.selectors.war_map import war_map
from campaign import clock
from campaign.conditional import unless_unchanged
from campaign.inputs import query_number
from campaign.pages import campaign_page


def _dashboard_context(request, campaign) -> dict:
    kingdom_id, page = query_number(request.GET.get("kingdom")), query_number(request.GET.get("page"))
    return dashboard_context(campaign, kingdom_id, page or 1)


def _map_context(campaign) -> dict:
    dash = dashboard(campaign=campaign, now=clock.now())
    return {"campaign": campaign, "dash": dash, "map": war_map(campaign=campaign, dash=dash)}


@campaign_page
def dashboard_page(request, campaign):
    return render(request, "battles/dashboard.html", _dashboard_context(request, campaign))


@unless_unchanged
@campaign_page
def dashboard_live(request, campaign):
    """The part htmx fetches every few seconds to keep the page current."""
    return render(request, "battles/_dashboard_live.html", _dashboard_context(request, campaign))


@campaign_page
def map_page(request, campaign):
    return render(request, "battles/map.html", _map_context(campaign))


@unless_unchanged
@campaign_page
def map_live(request, campaign):
    return render(request, "battles/_map_live.html", _map_context(campaign))
