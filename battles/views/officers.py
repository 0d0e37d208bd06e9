"""An officer's page: stars, kind, title, kingdom, whereabouts, posts, games, captures, promotions."""

from django.http import Http404
from django.shortcuts import render

from battles.selectors.officers import officer_profile
from campaign.models import Officer
from campaign.views.common import campaign_page


@campaign_page
def officer_page(request, campaign, officer_id: int):
    try:
        profile = officer_profile(campaign=campaign, officer_id=officer_id)
    except Officer.DoesNotExist:
        raise Http404 from None
    return render(request, "battles/officer.html", {"campaign": campaign, "p": profile})
