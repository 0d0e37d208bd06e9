from django.shortcuts import render
from django.views.decorators.http import require_safe

from campaign.models import Campaign


@require_safe
def home(request):
    campaigns = Campaign.objects.order_by("-created_at")
    return render(request, "campaign/home.html", {"campaigns": campaigns})
