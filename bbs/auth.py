"""Log-in to the terminal: the web's log-in through another door (accounts/log_in.py).

- A password goes through Django's `authenticate` with the client's address, so that django-axes
  counts the same failures under the same name (the account's, however typed) and pauses as the
  web's log-in page does (a request object carries the address the way axes reads it:
  REMOTE_ADDR, campaign/addresses.py).
- Then what allauth's log-in stages ask on the web: an active account, a confirmed address, and
  for an account with an authenticator app its code or a recovery code, through allauth's own form
  (a code used once whatever the door; a recovery code spent for the web too). SSH asks that code
  by keyboard-interactive authentication (bbs/server.py); by the password method alone, such an
  account is refused with a banner saying how to log in.
- Or a public key the user added on their account page (while logged in on the web, past its
  second factor): a possession factor of its own, as a passkey is, so no code is asked; an
  inactive or unconfirmed account is refused all the same.

A refusal the account may read (the password or the key was right) is in the language it chose in
the terminal, else in both; a pause, said before anyone is known, in both.
"""

from collections.abc import Callable
from dataclasses import dataclass

from allauth.account.auth_backends import AuthenticationBackend
from django.conf import settings
from django.contrib.auth import authenticate, user_logged_in
from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.log_in import CodeRefused, address_unconfirmed, normalised, second_factor_asked, second_factor_check
from bbs.models import SSHKey, TerminalChoice

LOGIN_PATH = "/bbs/login"  # what axes records as the path of a terminal's attempt


@dataclass(frozen=True)
class Login:
    user: object | None  # logged in
    paused: bool = False  # axes paused this user's log-in from this address
    address_paused: bool = False  # … or every log-in from this address
    awaiting: object | None = None  # the password is right; this account's second factor is asked next
    prompt: tuple[str, str] = ("", "")  # … with these instructions and prompt (keyboard-interactive)
    message: str = ""  # what the SSH banner says of a refusal ("" for a wrong password or code)


def both_languages(text_of: Callable[[], str]) -> str:
    """A message shown before the user's language is known (the SSH banner): in both."""
    texts = []
    for language in ("zh-hant", "en"):
        with translation.override(language):
            texts.append(text_of())
    return "\r\n".join(texts) + "\r\n"


def in_their_language(user, text_of: Callable[[], str]) -> str:
    """A message to a known account: in the language it chose in the terminal, else in both."""
    choice = TerminalChoice.objects.filter(user=user).first()
    if choice is None:
        return both_languages(text_of)
    with translation.override(choice.language):
        return text_of() + "\r\n"


def paused_message(*, address_paused: bool) -> str:
    """Why the log-in was refused although the password may be right (the SSH banner says it)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    if address_paused:
        text = _("Too many wrong passwords from this address: log-in from it is paused for %(minutes)s minutes.")
    else:
        text = _("Too many wrong passwords: this account's log-in from here is paused for %(minutes)s minutes.")
    return text % {"minutes": minutes}


def _refusal_text(user) -> str:
    if not user.is_active:
        return _("This account is inactive: it cannot log in.")
    return _(
        "This account's mail address is not confirmed yet. Open the link in the mail we sent it, or log"
        " in on the site (%(url)s) to have it sent again; once it is confirmed, log in here."
    ) % {"url": settings.SITE_URL + reverse("login")}


def refusal(user) -> str:
    """Why the web would not let this account in although its password (or key) is right: it is
    inactive, or its address is not confirmed. "" when nothing stands in its way."""
    if user.is_active and not address_unconfirmed(user):
        return ""
    return in_their_language(user, lambda: _refusal_text(user))


def _request(address: str) -> HttpRequest:
    request = HttpRequest()
    request.method = "POST"
    request.path = request.path_info = LOGIN_PATH
    request.META["REMOTE_ADDR"] = address
    request.META["HTTP_USER_AGENT"] = "ssh"
    return request


def password_login(*, username: str, password: str, address: str) -> Login:
    """The user when the password is theirs, their log-in from this address is not paused and
    nothing else is asked; `awaiting` them when their second factor is asked next."""
    request = _request(address)
    user = authenticate(request=request, username=username.strip(), password=password)
    inactive = AuthenticationBackend.unstash_authenticated_user()  # right password, inactive account
    if user is None:
        if getattr(request, "axes_locked_out", False):
            address_paused = getattr(request, "login_address_paused", False)
            message = both_languages(lambda: paused_message(address_paused=address_paused))
            return Login(None, paused=True, address_paused=address_paused, message=message)
        return Login(None, message=refusal(inactive) if inactive is not None else "")
    refused = refusal(user)
    if refused:
        return Login(None, message=refused)
    if second_factor_asked(user):
        return Login(None, awaiting=user, message=needs_keyboard_interactive(user), prompt=code_prompt(user))
    return Login(user)


def code_login(*, user, code: str, address: str) -> Login:
    """The user whose password was right, when `code` is their authenticator app's (unused) or an
    unspent recovery code (spent now); refused with a message past allauth's limit on wrong codes."""
    try:
        second_factor_check(request=_request(address), user=user, code=code)
    except CodeRefused as refused:
        if refused.too_many:
            return Login(None, message=in_their_language(user, too_many_codes_message))
        return Login(None)
    return Login(user)


def too_many_codes_message() -> str:
    return _("Too many wrong codes: wait a few minutes, then log in again.")


def code_prompt(user) -> tuple[str, str]:
    """The keyboard-interactive challenge's instructions and prompt for the second factor."""
    instructions = in_their_language(
        user, lambda: _("This account asks for its second factor: the authenticator app's code, or a recovery code.")
    )
    return instructions, in_their_language(user, lambda: _("Code: ")).rstrip("\r\n")


def needs_keyboard_interactive(user) -> str:
    """The banner to an account with a second factor that tried the password method alone."""
    return in_their_language(
        user,
        lambda: _(
            "This account asks for its authenticator app's code after the password: log in with"
            " keyboard-interactive authentication (ssh -o PreferredAuthentications=keyboard-interactive)."
        ),
    )


def key_login(*, username: str, fingerprint: str) -> Login:
    """The user whose added key this is, when they log in under their own name and the web would
    let them in (active, address confirmed)."""
    key = SSHKey.objects.select_related("user").filter(fingerprint=fingerprint).first()
    if key is None or normalised(key.user.get_username()) != normalised(username):
        return Login(None)
    refused = refusal(key.user)
    return Login(None, message=refused) if refused else Login(key.user)


def logged_in(*, user, address: str) -> None:
    """What a log-in on the web signals (Django's `user_logged_in`): axes clears this account's
    wrong passwords from this address (AXES_RESET_ON_SUCCESS), the account's last log-in is noted."""
    user_logged_in.send(sender=user.__class__, request=_request(address), user=user)


def choice_of(user) -> TerminalChoice:
    """The user's remembered language and encoding (the defaults when they never chose)."""
    return TerminalChoice.objects.filter(user=user).first() or TerminalChoice(user=user)
