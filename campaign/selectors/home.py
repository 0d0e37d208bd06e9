"""The home page: every campaign, and apart those taking players (the way in for a new account)."""

from dataclasses import dataclass

from campaign.models import STAGING, Campaign


@dataclass
class HomeView:
    campaigns: list[Campaign]  # every campaign, newest first
    enrolling: list[Campaign]  # those in enrolment: where a player without an officer may join


def campaigns_list() -> list[Campaign]:
    """The home page: every campaign, newest first."""
    return list(Campaign.objects.exclude(slug__startswith=STAGING).order_by("-created_at"))


def home_for() -> HomeView:
    """The home page's campaigns, in one query."""
    campaigns = campaigns_list()
    return HomeView(campaigns, [c for c in campaigns if c.status == Campaign.Status.ENROLMENT])
