"""Who is asking, as their account stands (the API's `GET /me`): their username, their address and
whether it is confirmed, whether they log in with two factors, and the campaigns they serve in;
and an account's tokens, for its tokens page."""

from dataclasses import dataclass

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.contrib.auth.models import User
from django.db.models import QuerySet

from accounts.models import AccessToken
from campaign.models import Officer


@dataclass
class AccountView:
    username: str
    email: str  # the primary address ("" for an account made without one: the demo's, a world file's)
    email_confirmed: bool
    two_factor: bool  # an authenticator app (TOTP) is set up
    campaigns: list[str]  # the slugs of the campaigns where they have an officer, newest first


def account_of(user: User) -> AccountView:
    """Three queries whatever the account."""
    addresses = list(EmailAddress.objects.filter(user=user).order_by("-primary", "pk").values("email", "verified"))
    first = addresses[0] if addresses else {"email": "", "verified": False}
    two_factor = Authenticator.objects.filter(user=user, type=Authenticator.Type.TOTP).exists()
    campaigns = list(
        Officer.objects.filter(user=user)
        .order_by("-campaign__created_at", "-campaign_id")
        .values_list("campaign__slug", flat=True)
    )
    return AccountView(user.get_username(), first["email"], bool(first["verified"]), two_factor, campaigns)


def tokens_of(user_id: int) -> QuerySet[AccessToken]:
    """The tokens page: an account's tokens, newest first, revoked ones included."""
    return AccessToken.objects.filter(user_id=user_id).order_by("-created_at")
