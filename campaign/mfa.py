"""Two-factor log-in that a campaign may require (`Campaign.mfa_required`) of those who run it: its
organisers and its kings. Read by the pages' guard (`campaign.pages.two_factor_page`: sent to set
an authenticator up, with the reason) and by the API's acts of the same pages (403 naming the rule).
Reads the models only, like the authority."""

from allauth.mfa.models import Authenticator
from django.contrib.auth.models import AnonymousUser, User

from campaign.authority import is_organiser, two_factor_refusal
from campaign.errors import NotAllowed
from campaign.models import Campaign, Kingdom


def runs_campaign(user: User, campaign: Campaign) -> bool:
    """An organiser of the campaign, or the king of one of its active kingdoms."""
    if is_organiser(user, campaign):
        return True
    return Kingdom.objects.filter(campaign=campaign, status=Kingdom.Status.ACTIVE, king__user=user).exists()


def mfa_missing(user: User | AnonymousUser, campaign: Campaign) -> bool:
    """The campaign requires two-factor log-in of this user (an organiser or a king) and they
    have no authenticator app (TOTP) yet. No query for a campaign that requires none."""
    if not campaign.mfa_required or not user.is_authenticated:
        return False
    has_totp = Authenticator.objects.filter(user_id=user.pk, type=Authenticator.Type.TOTP).exists()
    return not has_totp and runs_campaign(user, campaign)


def mfa_refusal() -> str:
    return two_factor_refusal()


def require_mfa(user: User | AnonymousUser, campaign: Campaign) -> None:
    """The API's guard: refused (403) while `mfa_missing`."""
    if mfa_missing(user, campaign):
        raise NotAllowed("", mfa_refusal())
