"""One log-in, whatever the door: the web's (allauth's pages), the terminal's (SSH, bbs/auth.py)
and the admin's (sent to allauth's). What they share:

- the account a typed name or address names, found as allauth's backend finds it (the address
  first, then the username, the case ignored: `allauth.account.internal.userkit`, the functions
  its `AuthenticationBackend` calls), and the one name django-axes counts its wrong passwords
  under (`counted_name`), so that `PLAIN2`, ` plain2` and the address in capitals are the same
  count as `plain2`;
- what allauth's log-in stages ask once the password is right, for a door that is not allauth's
  pages: an active account, a confirmed address (mandatory confirmation, as
  accounts.adapters.AddressConfirmationStage asks it), and the second factor (TOTP or a recovery
  code) checked by allauth's own form, so that a code is used once whatever the door (a TOTP
  code marked used in the shared cache, a recovery code spent in its authenticator) and wrong
  codes count against allauth's one limit per user.
"""

import unicodedata

from allauth.account import app_settings as account_settings
from allauth.account.app_settings import EmailVerificationMethod, LoginMethod
from allauth.account.internal.userkit import filter_users_by_email, get_user_by_username
from allauth.account.models import EmailAddress
from allauth.core import context
from allauth.mfa.base.forms import AuthenticateForm
from allauth.mfa.models import Authenticator
from allauth.mfa.utils import is_mfa_enabled
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.sessions.backends.base import SessionBase
from django.http import HttpRequest

# What asks for the second step on the web (allauth.mfa.stages.AuthenticateStage); recovery codes
# stand in for these, never ask on their own.
SECOND_FACTORS = [Authenticator.Type.TOTP, Authenticator.Type.WEBAUTHN]


def account_named(typed: str) -> AbstractBaseUser | None:
    """The account a log-in names, as allauth's backend looks it up: by address (when log-in by
    address is on), then by username, the case ignored; None when none, or more than one, is named."""
    typed = typed.strip()  # allauth's log-in form strips what is typed
    if not typed:
        return None
    if LoginMethod.EMAIL in account_settings.LOGIN_METHODS and "@" in typed:
        users = filter_users_by_email(typed, prefer_verified=True, for_login=True)
        if len(users) == 1:
            return users[0]
    if LoginMethod.USERNAME in account_settings.LOGIN_METHODS:
        return get_user_by_username(typed)
    return None


def normalised(name: str) -> str:
    """A name as one count: stripped, NFKC-normalised and case-folded (Unicode's caseless match)."""
    return unicodedata.normalize("NFKC", name.strip()).casefold()


def counted_name(typed: str) -> str | None:
    """The name django-axes counts a log-in's failures under: the username of the account named
    (whichever of its names, in whichever case, was typed), else what was typed, normalised."""
    user = account_named(typed)
    name = normalised(user.get_username() if user is not None else typed)
    return name or None


def address_unconfirmed(user: AbstractBaseUser) -> bool:
    """The web sends this account to confirm its address before it logs in: confirmation is
    mandatory and it has an address, none of them confirmed (an account made by the site with no
    address has nothing to confirm, accounts.adapters.AddressConfirmationStage)."""
    if account_settings.EMAIL_VERIFICATION != EmailVerificationMethod.MANDATORY:
        return False
    confirmed = list(EmailAddress.objects.filter(user_id=user.pk).values_list("verified", flat=True))
    return bool(confirmed) and not any(confirmed)


def second_factor_asked(user: AbstractBaseUser) -> bool:
    """The web asks this account for a code after its password (allauth's AuthenticateStage)."""
    return is_mfa_enabled(user, SECOND_FACTORS)


class CodeRefused(Exception):
    """The code was not taken; `too_many` when allauth's limit on wrong codes is reached."""

    def __init__(self, too_many: bool) -> None:
        super().__init__("too many wrong codes" if too_many else "wrong code")
        self.too_many = too_many


def second_factor_check(*, request: HttpRequest, user: AbstractBaseUser, code: str) -> None:
    """The code through allauth's own form of the web's second step: a TOTP code not used yet or
    an unspent recovery code (spent now), within allauth's limit on wrong codes per user; the use
    recorded as the web records it. Raises CodeRefused."""
    if not hasattr(request, "session"):
        request.session = SessionBase()  # allauth notes the step in it; a door without one forgets it
    with context.request_context(request):
        form = AuthenticateForm(user=user, data={"code": code.strip()})
        if not form.is_valid():
            raise CodeRefused(too_many=form.has_error("code", "too_many_login_attempts"))
        form.save()
