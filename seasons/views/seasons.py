"""The organisers' next season: a form (name, address, whether the officers carry over) and its
action, which makes the new campaign in draft."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaign.authority import require_organiser
from campaign.pages import campaign_action, campaign_page, two_factor_page
from seasons.services.season_next import season_next


@login_required
@campaign_page
@two_factor_page
def next_season_page(request, campaign):
    require_organiser(request.user, campaign)
    return render(request, "seasons/next_season.html", {"campaign": campaign})


@campaign_action
@two_factor_page
def next_season_make(request, campaign):
    season = season_next(
        user=request.user,
        campaign=campaign,
        name=request.POST.get("name", "")[:200],
        slug=request.POST.get("slug", "")[:100],
        officers=request.POST.get("officers") == "1",
    )
    messages.success(request, _("The new season %(name)s is made, in draft.") % {"name": season.name})
    return redirect("dashboard", slug=season.slug)
