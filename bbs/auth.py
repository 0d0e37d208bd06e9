"""Log-in to the terminal: a password through Django's `authenticate` with the client's address,
so that django-axes counts the same failures and pauses as the web's log-in page (a request
object carries the address the way axes reads it: REMOTE_ADDR, campaign/addresses.py), or a
public key the user added on their account page."""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import authenticate
from django.http import HttpRequest
from django.utils.translation import gettext as _

from bbs.models import SSHKey, TerminalChoice

LOGIN_PATH = "/bbs/login"  # what axes records as the path of a terminal's attempt


@dataclass(frozen=True)
class Login:
    user: object | None
    paused: bool = False  # axes paused this user's log-in from this address
    address_paused: bool = False  # … or every log-in from this address


def paused_message(login: Login) -> str:
    """Why the log-in was refused although the password may be right (the SSH banner says it)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    if login.address_paused:
        text = _("Too many wrong passwords from this address: log-in from it is paused for %(minutes)s minutes.")
    else:
        text = _("Too many wrong passwords: this account's log-in from here is paused for %(minutes)s minutes.")
    return text % {"minutes": minutes}


def _request(address: str) -> HttpRequest:
    request = HttpRequest()
    request.method = "POST"
    request.path = request.path_info = LOGIN_PATH
    request.META["REMOTE_ADDR"] = address
    request.META["HTTP_USER_AGENT"] = "ssh"
    return request


def password_login(*, username: str, password: str, address: str) -> Login:
    """The user when the password is theirs and their log-in from this address is not paused."""
    request = _request(address)
    user = authenticate(request=request, username=username, password=password)
    if user is not None and user.is_active:
        return Login(user)
    if getattr(request, "axes_locked_out", False):
        return Login(None, paused=True, address_paused=getattr(request, "login_address_paused", False))
    return Login(None)


def key_login(*, username: str, fingerprint: str):
    """The user whose added key this is, when they log in under their own name."""
    key = SSHKey.objects.select_related("user").filter(fingerprint=fingerprint).first()
    if key is None or not key.user.is_active or key.user.get_username().casefold() != username.casefold():
        return None
    return key.user


def choice_of(user) -> TerminalChoice:
    """The user's remembered language and encoding (the defaults when they never chose)."""
    return TerminalChoice.objects.filter(user=user).first() or TerminalChoice(user=user)
