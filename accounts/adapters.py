"""Accounts (django-allauth) fitted to the site: its adapter, its log-in form, and the name under
which django-axes counts a log-in's failures.

- Mandatory confirmation of the address asks it of the accounts that have one: every sign-up
  gives one, and a new account logs in only once it is confirmed. An account with no address at
  all (the demo's, a world file's: made by the site for a player, never signed up) has nothing to
  confirm and logs in as before.
- The log-in form is allauth's (`login`: a username or an address); a post that sends only
  `username`, the field of the site's log-in before allauth, is read as the same.
- axes counts one name per account, whichever of its names was typed and in whichever case
  (`login_name`: the account as allauth's backend finds it, accounts/log_in.py), so that typing
  the address or the name in capitals does not open a second count of wrong passwords; it
  alone counts passwords (`pre_authenticate`), allauth's count of failures is left to the
  two-factor codes, which axes never sees.
- A username is stored in Unicode's compatibility form (NFKC: full-width `ｃａｏｃａｏ` is `caocao`)
  and refused when it holds a character nobody sees or looks like an account's already taken
  (UTS #39 skeletons: campaign/rules/names.py), naming that account.
- Confirming the address logs in the browser that signed up; a link opened in another browser
  (or after the sign-up's session ended) confirms the address and sends to the log-in page,
  which says so: a mailed link is not a log-in.
- Mail subjects begin with the site's name in the reader's language (the mail is written while
  the request that caused it is answered, in its language). A mail server that fails is logged
  and told to the reader, never a 500: the link can be asked for again.
"""

import logging
import smtplib

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.forms import LoginForm as AllauthLoginForm
from allauth.account.models import EmailAddress
from allauth.account.stages import EmailVerificationStage
from allauth.core import context
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _

from accounts.log_in import counted_name
from campaign.rules.names import normal_name
from campaign.selectors.names import username_fault

log = logging.getLogger(__name__)

ALLAUTH_VERIFICATION_STAGE = "allauth.account.stages.EmailVerificationStage"


class AddressConfirmationStage(EmailVerificationStage):
    """allauth's confirmation stage, for an account that has an address (confirmed or not)."""

    def handle(self):
        user = self.login.user
        if user is not None and not self.login.signup and not EmailAddress.objects.filter(user_id=user.pk).exists():
            return None, True  # nothing to confirm: made by the site, without an address
        return super().handle()


class AccountAdapter(DefaultAccountAdapter):
    def get_email_verification_redirect_url(self, email_address) -> str | None:
        """Confirming logs in only the browser that signed up (allauth's rule, kept: else the mailed
        link would log anyone who holds it in, again and again); confirmed elsewhere, the address is
        confirmed and the log-in page says to log in (decision)."""
        if email_address.verified and not self.request.user.is_authenticated:
            messages.info(self.request, _("Your address is confirmed: log in with your username and password."))
        return super().get_email_verification_redirect_url(email_address)

    def get_login_stages(self) -> list[str]:
        stages = super().get_login_stages()
        return [
            "accounts.adapters.AddressConfirmationStage" if stage == ALLAUTH_VERIFICATION_STAGE else stage
            for stage in stages
        ]

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """allauth's checks (validators, taken) on the name as stored (NFKC), then ours: nothing
        invisible in it, and no look-alike of an account's username (unless `shallow`)."""
        typed, username = username, normal_name(username)
        fault = username_fault(username, shallow=True)
        if fault is not None:
            raise ValidationError(fault, code="invisible")
        super().clean_username(username, shallow=True)  # the validators: letters, digits and @.+-_
        fault = username_fault(username, shallow=shallow, typed=typed)  # the taken one named, too
        if fault is not None:
            raise ValidationError(fault, code="look_alike")
        return super().clean_username(username, shallow=shallow)

    def pre_authenticate(self, request: HttpRequest, **credentials) -> None:
        """No count of allauth's before a password is tried: django-axes counts passwords (its
        pauses, its page). allauth's count of failures goes on for two-factor codes."""

    def format_email_subject(self, subject: str) -> str:
        return f"[{_('Chess Siege')}] {subject}"

    def send_mail(self, template_prefix: str, email: str, context_: dict) -> None:
        try:
            super().send_mail(template_prefix, email, context_)
        except (smtplib.SMTPException, OSError) as exc:
            log.warning("account mail %s to %s not sent: %s", template_prefix, email, exc)
            if context.request is not None:
                messages.error(
                    context.request, _("The mail could not be sent just now; please ask for it again in a few minutes.")
                )


class LoginForm(AllauthLoginForm):
    """allauth's log-in form; `username` alone is read as `login` (scripts written for the log-in
    before allauth post it)."""

    def __init__(self, *args, **kwargs) -> None:
        data = kwargs.get("data")
        if data is not None and "login" not in data and "username" in data:
            data = data.copy()
            data["login"] = data["username"]
            kwargs["data"] = data
        super().__init__(*args, **kwargs)


def login_name(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """The name axes counts a log-in under (AXES_USERNAME_CALLABLE): the account's, whichever of
    its names was typed and in whichever case (accounts.log_in.counted_name)."""
    if credentials:
        typed = credentials.get("email") or credentials.get("username") or ""
    else:
        data = getattr(request, "POST", None) or {}
        typed = data.get("login") or data.get("username") or ""
    return counted_name(str(typed))
