"""The organisers' season page (R1.1): open enrolment, set the start and end instants, pause,
resume and end the war. Each action is a POST that calls one service; refusals come back as
messages (campaign_page)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaign.authority import require_organiser
from campaign.errors import RuleViolation
from campaign.inputs import posted_instant, posted_instant_or_none
from campaign.pages import campaign_action, campaign_page, two_factor_page
from seasons.selectors.season import season_for
from seasons.services import season_end, season_life


@login_required
@campaign_page
@two_factor_page
def season_page(request, campaign):
    require_organiser(request.user, campaign)
    return render(request, "seasons/season.html", {"campaign": campaign, "view": season_for(campaign=campaign)})


def _done(request, campaign, text):
    messages.success(request, text)
    return redirect("organise-season", slug=campaign.slug)


@campaign_action
@two_factor_page
def season_open_enrolment(request, campaign):
    season_life.campaign_open_enrolment(user=request.user, campaign=campaign)
    return _done(request, campaign, _("Enrolment is open."))


@campaign_action
@two_factor_page
def season_start_set(request, campaign):
    require_organiser(request.user, campaign)
    at = posted_instant(request.POST, "at", campaign.zone)
    season_life.war_start_set(user=request.user, campaign=campaign, at=at)
    return _done(request, campaign, _("The war's start instant is set."))


@campaign_action
@two_factor_page
def season_start_now(request, campaign):
    season_life.war_start_now(user=request.user, campaign=campaign)
    return _done(request, campaign, _("The war has started."))


@campaign_action
@two_factor_page
def season_pause(request, campaign):
    require_organiser(request.user, campaign)
    until = posted_instant_or_none(request.POST, "until", campaign.zone)
    season_life.war_pause(user=request.user, campaign=campaign, until=until)
    return _done(request, campaign, _("The war is paused."))


@campaign_action
@two_factor_page
def season_resume(request, campaign):
    season_life.war_resume(user=request.user, campaign=campaign)
    return _done(request, campaign, _("The war resumes."))


@campaign_action
@two_factor_page
def season_end_set(request, campaign):
    require_organiser(request.user, campaign)
    at = posted_instant(request.POST, "at", campaign.zone)
    season_end.war_end_set(user=request.user, campaign=campaign, at=at)
    return _done(request, campaign, _("The war's end instant is set."))


@campaign_action
@two_factor_page
def season_end_now(request, campaign):
    require_organiser(request.user, campaign)
    if request.POST.get("confirm") != "yes":
        raise RuleViolation("R1.1", _("Tick the box to confirm that the war ends now for everyone."))
    season_end.war_end(user=request.user, campaign=campaign)
    return _done(request, campaign, _("The war has ended."))
