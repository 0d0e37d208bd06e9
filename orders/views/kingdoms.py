"""The kingdom pages: the list of kingdoms, and each kingdom's king, capital, cities, table of posts
and roster; there its king (or an organiser) admits and refuses applicants and makes and revokes
invitation links, an organiser names a missing king, the king hands the crown on, a member leaves."""

from datetime import timedelta

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign import clock, lookups
from campaign.inputs import posted_int, posted_object
from campaign.models import OfficerKind
from campaign.pages import campaign_action, campaign_page, require_officer, two_factor_page
from orders.services import kingdoms
from seasons import lookups as season_lookups
from seasons.selectors.joining import kingdom_page_for, kingdoms_of
from seasons.services import joining

SHOWN_ONCE = "invitation_shown_once"


@campaign_page
def kingdoms_page(request, campaign):
    return render(request, "orders/kingdoms.html", {"campaign": campaign, "kingdoms": kingdoms_of(campaign=campaign)})


@campaign_page
def kingdom_page(request, campaign, kingdom_id):
    view = kingdom_page_for(campaign=campaign, kingdom_id=kingdom_id, user=request.user, now=clock.now())
    link = request.session.pop(SHOWN_ONCE, None) if view.manages else None
    context = {
        "campaign": campaign,
        "view": view,
        "officer": request.officer,
        "new_link": link,
        "kinds": OfficerKind.choices,
    }
    return render(request, "orders/kingdom.html", context)


def _back(campaign, kingdom_id):
    return redirect("kingdom", slug=campaign.slug, kingdom_id=kingdom_id)


@campaign_action
@two_factor_page
def invitation_new(request, campaign, kingdom_id):
    kingdom = lookups.kingdom(campaign, kingdom_id)
    days = posted_int(request.POST, "days", "R1.1", minimum=1, maximum=60)
    uses = posted_int(request.POST, "uses", "R1.1", minimum=1, maximum=1000)
    invitation, secret = joining.invitation_create(
        user=request.user, kingdom=kingdom, expires_in=timedelta(days=days), max_uses=uses
    )
    request.session[SHOWN_ONCE] = request.build_absolute_uri(reverse("invitation", args=[campaign.slug, secret]))
    messages.success(request, _("Invitation made. Copy its link now: it will not be shown again."))
    return _back(campaign, kingdom.pk)


@campaign_action
@two_factor_page
def invitation_revoke(request, campaign, invitation_id):
    invitation = season_lookups.invitation(campaign, invitation_id)
    joining.invitation_revoke(user=request.user, invitation=invitation)
    messages.success(request, _("The invitation is revoked."))
    return _back(campaign, invitation.kingdom_id)


@campaign_action
@two_factor_page
def officer_admit(request, campaign, application_id):
    application = season_lookups.application(campaign, application_id)
    city = posted_object(request.POST, "city", lookups.cities(campaign), "R1.5")
    officer = joining.officer_admit(
        user=request.user,
        application=application,
        name=request.POST.get("name", "")[:200],
        stars=posted_int(request.POST, "stars", "R1.5", maximum=1000),
        kind=request.POST.get("kind", ""),
        title=request.POST.get("title", "")[:200],
        city=city,
    )
    messages.success(request, _("%(name)s is admitted.") % {"name": officer.name})
    return _back(campaign, application.kingdom_id)


@campaign_action
@two_factor_page
def application_refuse(request, campaign, application_id):
    application = season_lookups.application(campaign, application_id)
    joining.application_refuse(user=request.user, application=application, reason=request.POST.get("reason", "")[:4000])
    messages.success(request, _("The application is refused."))
    return _back(campaign, application.kingdom_id)


@campaign_action
@two_factor_page
def king_appoint(request, campaign, kingdom_id):
    kingdom = lookups.kingdom(campaign, kingdom_id)
    officer = posted_object(request.POST, "officer", lookups.officers(campaign), "R1.2")
    kingdoms.king_appoint(user=request.user, kingdom=kingdom, officer=officer)
    messages.success(
        request, _("%(name)s is the king of %(kingdom)s.") % {"name": officer.name, "kingdom": kingdom.name}
    )
    return _back(campaign, kingdom.pk)


@campaign_action
@two_factor_page
def crown_hand_on(request, campaign):
    actor = require_officer(request)
    officer = posted_object(request.POST, "officer", lookups.officers(campaign), "R2.1")
    kingdom = kingdoms.crown_hand_on(actor=actor, officer=officer)
    messages.success(request, _("%(name)s wears the crown now.") % {"name": officer.name})
    return _back(campaign, kingdom.pk)


@campaign_action
def officer_leave(request, campaign):
    actor = require_officer(request)
    kingdom_id = actor.kingdom_id
    kingdoms.officer_leave(actor=actor)
    messages.success(request, _("You have left your kingdom."))
    return (
        redirect("kingdom", slug=campaign.slug, kingdom_id=kingdom_id)
        if kingdom_id
        else redirect("join", slug=campaign.slug)
    )
