"""A thing of a season (an application to a kingdom, an invitation link; the account an organiser
names) found by its id, in its campaign where it has one, 404 otherwise: for the pages and the
API alike (the terminal has no joining or organising screen). The campaign's own things (its
kingdoms, cities, roads) are campaign/lookups.py's."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404

from campaign.models import Campaign
from seasons.models import Application, Invitation


def application(campaign: Campaign, application_id: int) -> Application:
    return get_object_or_404(Application, campaign=campaign, pk=application_id)


def invitation(campaign: Campaign, invitation_id: int) -> Invitation:
    """An invitation with what its revocation reads: its kingdom's king and campaign."""
    return get_object_or_404(
        Invitation.objects.select_related("kingdom__king", "kingdom__campaign"), campaign=campaign, pk=invitation_id
    )


def account(user_id: int) -> User:
    """The account an organiser names (an organiser to remove)."""
    return get_object_or_404(get_user_model(), pk=user_id)
