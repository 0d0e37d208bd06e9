"""The war's overview, the march form and the prisoners' list."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from battles import lookups
from battles.inputs import organisation_from
from battles.models.armies import AttackRank
from battles.selectors.march import march_choice
from battles.selectors.prisoners import prisoners
from battles.selectors.war import war_page as war_page_view
from battles.services.march import march_start
from battles.services.prisoners import ransom_settle
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_object
from campaign.pages import campaign_action, campaign_page, require_officer


@campaign_page
def war_page(request, campaign):
    return _war(request, campaign, request.GET)


def _war(request, campaign, choice):
    """The War page; the march form as `choice` (the query or the posted form) has it so far,
    with its route and arrival (the form's preview without JavaScript)."""
    view = war_page_view(campaign=campaign, viewer=request.officer, choice=choice)
    return render(
        request,
        "battles/war.html",
        {
            "campaign": campaign,
            "armies": view.armies,
            "sieges": view.sieges,
            "form": view.form,
            "attack_ranks": AttackRank.choices,
        },
    )


@campaign_page
def march_preview(request, campaign):
    """The march form's fields and preview for what is chosen so far: what the form's htmx asks
    for when the origin, the members or the target change (no reload)."""
    form = march_choice(viewer=request.officer, choice=request.GET)
    return render(
        request, "battles/_march_fields.html", {"campaign": campaign, "form": form, "attack_ranks": AttackRank.choices}
    )


@campaign_action
def march_new(request, campaign):
    actor = require_officer(request)
    if request.POST.get("preview"):  # the form's "Preview" button: nothing is sent yet
        return _war(request, campaign, request.POST)
    target = posted_object(request.POST, "target", campaign_lookups.cities(campaign), "R4.1")
    organisation = organisation_from(request.POST, campaign_lookups.officers(campaign), "R4.1")
    army = march_start(actor=actor, target=target, organisation=organisation)
    messages.success(request, _("The army marches on %(city)s.") % {"city": army.target.name})
    return redirect("war", slug=campaign.slug)


@login_required
@campaign_page
def prisoners_page(request, campaign):
    require_officer(request)
    return render(request, "battles/prisoners.html", {"campaign": campaign, "ransoms": prisoners(campaign=campaign)})


@campaign_action
def ransom_decide(request, campaign, ransom_id):
    actor = require_officer(request)
    ransom = lookups.ransom(campaign, ransom_id)
    ransom_settle(actor=actor, ransom=ransom, paid=request.POST.get("paid") == "1")
    messages.success(request, _("The prisoner is free."))
    return redirect("prisoners", slug=campaign.slug)
