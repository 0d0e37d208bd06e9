from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from campaign.selectors.home import home_for, landing_slug


@require_safe
def home(request):
    view = home_for(request.user)
    return render(request, "campaign/home.html", {"campaigns": view.campaigns, "enrolling": view.enrolling})


@login_required
@require_safe
def landing(request):
    """Where a log-in without a `next` leads: the dashboard of the user's campaign (the newest,
    if they serve in several), or the list of campaigns for a user who serves in none."""
    slug = landing_slug(request.user)
    return redirect("dashboard", slug) if slug else redirect("home")
