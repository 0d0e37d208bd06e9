"""The dashboard: every city's defence values, who is there, who is on the road."""

from django.shortcuts import render

from battles.selectors.dashboard import dashboard
from campaign import clock
from campaign.views.common import campaign_page


@campaign_page
def dashboard_page(request, campaign):
    return render(
        request,
        "cities/dashboard.html",
        {
            "campaign": campaign,
            "dash": dashboard(campaign=campaign, now=clock.now()),
        },
    )


@campaign_page
def dashboard_live(request, campaign):
    """The part htmx fetches every few seconds to keep the page current."""
    return render(
        request,
        "cities/_dashboard_live.html",
        {
            "campaign": campaign,
            "dash": dashboard(campaign=campaign, now=clock.now()),
        },
    )
