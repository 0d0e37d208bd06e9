"""The home page: the campaigns the visitor may see listed (a draft only to its organisers), and
apart those taking players (the way in for a new account)."""

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User

from campaign.lookups import campaigns_listed
from campaign.models import Campaign, Officer


@dataclass
class HomeView:
    campaigns: list[Campaign]  # every campaign listed to the visitor, newest first
    enrolling: list[Campaign]  # those in enrolment: where a player without an officer may join


def campaigns_list(user: User | AnonymousUser) -> list[Campaign]:
    """The home page: the campaigns listed to `user`, newest first."""
    return list(campaigns_listed(user).order_by("-created_at"))


def home_for(user: User | AnonymousUser) -> HomeView:
    """The home page's campaigns, in one query."""
    campaigns = campaigns_list(user)
    return HomeView(campaigns, [c for c in campaigns if c.status == Campaign.Status.ENROLMENT])


def landing_slug(user: User) -> str | None:
    """The campaign a log-in without a `next` leads to: the newest the user serves in (one query)."""
    return (
        Officer.objects.filter(user=user)
        .order_by("-campaign__created_at", "-campaign_id")
        .values_list("campaign__slug", flat=True)
        .first()
    )
