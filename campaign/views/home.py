from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from campaign.models import Officer
from campaign.selectors.home import campaigns_list


@require_safe
def home(request):
    campaigns = campaigns_list()
    return render(request, "campaign/home.html", {"campaigns": campaigns})


@login_required
@require_safe
def landing(request):
    """Where a log-in without a `next` leads: the dashboard of the user's campaign (the newest,
    if they serve in several), or the list of campaigns for a user who serves in none."""
    slug = (
        Officer.objects.filter(user=request.user)
        .order_by("-campaign__created_at", "-campaign_id")
        .values_list("campaign__slug", flat=True)
        .first()
    )
    return redirect("dashboard", slug) if slug else redirect("home")
