"""An officer's page: stars, kind, title, kingdom, whereabouts, posts, games, captures, promotions;
on their own page, their feeds and their mail settings."""

from django.http import Http404
from django.shortcuts import render

from battles.selectors.officers import officer_profile
from campaign.models import Officer
from campaign.pages import campaign_page
from delivery.selectors.mail import mail_settings_form


@campaign_page
def officer_page(request, campaign, officer_id: int):
    try:
        profile = officer_profile(campaign=campaign, officer_id=officer_id)
    except Officer.DoesNotExist:
        raise Http404 from None
    context = {"campaign": campaign, "p": profile}
    if request.officer is not None and request.officer.pk == officer_id:
        context["mail"] = mail_settings_form(officer_id=officer_id)
    return render(request, "battles/officer.html", context)
