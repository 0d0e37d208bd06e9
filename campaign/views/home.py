from django.shortcuts import render
from django.views.decorators.http import require_safe

from campaign.selectors import campaigns_list


@require_safe
def home(request):
    campaigns = campaigns_list()
    return render(request, "campaign/home.html", {"campaigns": campaigns})
