"""Moves (§3): the officer's page to ask, and the deciders' buttons."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign import clock, lookups
from campaign.inputs import posted_object
from campaign.models import Move
from campaign.pages import back, campaign_action, campaign_page, require_officer
from cities.models import City
from orders.selectors.moves import moves_for
from orders.services import moves as move_services


@login_required
@campaign_page
def moves_page(request, campaign):
    officer = require_officer(request)
    return render(
        request,
        "orders/moves.html",
        {
            "campaign": campaign,
            "officer": officer,
            "view": moves_for(officer=officer, now=clock.now()),
        },
    )


def _destination(request, campaign) -> City:
    return posted_object(request.POST, "destination", lookups.cities(campaign), "R1.4")


@campaign_action
def move_request(request, campaign):
    officer = require_officer(request)
    move = move_services.move_request(actor=officer, destination=_destination(request, campaign))
    if move.status == Move.Status.TRAVELLING:
        messages.success(request, _("On the road to %(city)s.") % {"city": move.destination.name})
    else:
        messages.success(
            request, _("Your request to move to %(city)s awaits approval.") % {"city": move.destination.name}
        )
    return redirect("moves", slug=campaign.slug)


@campaign_action
def move_order(request, campaign):
    actor = require_officer(request)
    officer = posted_object(request.POST, "officer", lookups.officers(campaign), "R3.1")
    move = move_services.move_order(actor=actor, officer=officer, destination=_destination(request, campaign))
    messages.success(request, _("%(name)s: %(status)s.") % {"name": officer.name, "status": move.get_status_display()})
    return back(request, reverse("moves", kwargs={"slug": campaign.slug}))


def _decision(request, campaign, move_id, service, done_message):
    actor = require_officer(request)
    move = lookups.move(campaign, move_id)
    move = service(actor=actor, move=move)
    messages.success(request, done_message % {"name": move.officer.name, "status": move.get_status_display()})
    return redirect("moves", slug=campaign.slug)


@campaign_action
def move_approve(request, campaign, move_id):
    return _decision(request, campaign, move_id, move_services.move_approve, _("Approved: %(name)s, %(status)s."))


@campaign_action
def move_reject(request, campaign, move_id):
    return _decision(request, campaign, move_id, move_services.move_reject, _("Rejected: %(name)s."))


@campaign_action
def move_cancel(request, campaign, move_id):
    return _decision(request, campaign, move_id, move_services.move_cancel, _("Withdrawn: %(name)s."))
