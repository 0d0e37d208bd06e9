from django.shortcuts import render

from campaign.models import Campaign


def home(request):
    campaigns = Campaign.objects.order_by("-created_at")
    return render(request, "campaign/home.html", {"campaigns": campaigns})
