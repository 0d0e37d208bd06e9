"""The organisers' acts on a campaign's life (R1.1), the season page's forms through the API:
the same fields (instants as the form's `datetime-local` text in the campaign's zone, or ISO
with an offset), the same URL names, the same services and refusals."""

from django.utils.translation import gettext as _
from ninja import Schema

from api import schemas
from api.router import act
from campaign import lookups
from campaign.authority import require_organiser
from campaign.errors import RuleViolation
from campaign.inputs import posted_instant, posted_instant_or_none
from campaign.models import Campaign
from seasons.services import season_end, season_life


class Instant(Schema):
    at: str


class Pause(Schema):
    until: str = ""


class Confirm(Schema):
    confirm: str = ""


def _campaign(request, slug: str) -> Campaign:
    campaign = lookups.campaign_by_slug(slug)
    require_organiser(request.auth.user, campaign)
    return campaign


@act("/c/{slug}/season/enrolment", schemas.CampaignOut, "season-open-enrolment")
def season_open_enrolment(request, slug: str):
    """Open enrolment (draft → enrolment): players join; no war action yet."""
    return season_life.campaign_open_enrolment(user=request.auth.user, campaign=_campaign(request, slug))


@act("/c/{slug}/season/start", schemas.CampaignOut, "season-start-set")
def season_start_set(request, slug: str, data: Instant):
    """Set (or change) the instant the war starts: in draft or enrolment, never in the past."""
    campaign = _campaign(request, slug)
    at = posted_instant({"at": data.at}, "at", campaign.zone)
    return season_life.war_start_set(user=request.auth.user, campaign=campaign, at=at)


@act("/c/{slug}/season/start-now", schemas.CampaignOut, "season-start-now")
def season_start_now(request, slug: str):
    """Start the war now (from draft or enrolment); an instant set before is dropped."""
    return season_life.war_start_now(user=request.auth.user, campaign=_campaign(request, slug))


@act("/c/{slug}/season/pause", schemas.CampaignOut, "season-pause")
def season_pause(request, slug: str, data: Pause):
    """Pause the war (optionally until an instant, when it resumes by itself)."""
    campaign = _campaign(request, slug)
    until = posted_instant_or_none({"until": data.until}, "until", campaign.zone)
    return season_life.war_pause(user=request.auth.user, campaign=campaign, until=until).campaign


@act("/c/{slug}/season/resume", schemas.CampaignOut, "season-resume")
def season_resume(request, slug: str):
    """Resume a paused war: every pending deadline moved by the pause's length."""
    return season_life.war_resume(user=request.auth.user, campaign=_campaign(request, slug))


@act("/c/{slug}/season/end-instant", schemas.CampaignOut, "season-end-set")
def season_end_set(request, slug: str, data: Instant):
    """Set (or change) the instant the war ends by itself."""
    campaign = _campaign(request, slug)
    at = posted_instant({"at": data.at}, "at", campaign.zone)
    return season_end.war_end_set(user=request.auth.user, campaign=campaign, at=at)


@act("/c/{slug}/season/end", schemas.CampaignOut, "season-end")
def season_end_now(request, slug: str, data: Confirm):
    """End the war now (`confirm`: "yes"), naming the winner (capitals, cities, total wall)."""
    campaign = _campaign(request, slug)
    if data.confirm != "yes":
        raise RuleViolation("R1.1", _("Tick the box to confirm that the war ends now for everyone."))
    return season_end.war_end(user=request.auth.user, campaign=campaign)
