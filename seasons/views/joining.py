"""Joining a kingdom: the join page (the kingdoms to apply to, one's application), an invitation
link's page (a logged-out visitor is sent to log in or sign up and comes back), and the applicant's
acts: apply, withdraw, follow the link."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from campaign import lookups
from campaign.errors import RuleViolation
from campaign.inputs import posted_object
from campaign.pages import campaign_action, campaign_page
from seasons import lookups as season_lookups
from seasons.selectors.joining import invitation_found, join_page_for
from seasons.services import joining


@login_required
@campaign_page
def join_page(request, campaign):
    view = join_page_for(user=request.user, campaign=campaign)
    officer = request.officer
    return render(request, "seasons/join.html", {"campaign": campaign, "view": view, "officer": officer})


@campaign_action
def application_submit(request, campaign):
    kingdoms = lookups.kingdoms(campaign).select_related("campaign")
    kingdom = posted_object(request.POST, "kingdom", kingdoms, "R1.2")
    joining.application_submit(user=request.user, kingdom=kingdom, message=request.POST.get("message", "")[:4000])
    messages.success(request, _("Your application to %(kingdom)s is sent.") % {"kingdom": kingdom.name})
    return redirect("join", slug=campaign.slug)


@campaign_action
def application_withdraw(request, campaign, application_id):
    application = season_lookups.application(campaign, application_id)
    joining.application_withdraw(user=request.user, application=application)
    messages.success(request, _("Your application is withdrawn."))
    return redirect("join", slug=campaign.slug)


def _signup_url() -> str | None:
    """The sign-up page, where the site has one."""
    try:
        return reverse("account_signup")
    except NoReverseMatch:
        return None


@campaign_page
def invitation_page(request, campaign, secret):
    try:
        invitation, refusal = invitation_found(campaign=campaign, secret=secret), ""
    except RuleViolation as exc:
        invitation, refusal = None, exc.refusal_html
    back = urlencode({"next": request.path})
    signup = _signup_url()
    context = {
        "campaign": campaign,
        "invitation": invitation,
        "refusal": refusal,
        "secret": secret,
        "officer": request.officer,
        "login_url": f"{reverse('login')}?{back}",
        "signup_url": f"{signup}?{back}" if signup else None,
    }
    return render(request, "seasons/invitation.html", context, status=200 if invitation else 404)


@campaign_action
def invitation_follow(request, campaign, secret):
    application = joining.invitation_follow(user=request.user, campaign=campaign, secret=secret)
    messages.success(
        request,
        _("You follow the invitation of %(kingdom)s: its king will set your officer.")
        % {"kingdom": application.kingdom.name},
    )
    return redirect("join", slug=campaign.slug)
