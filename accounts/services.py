"""Personal access tokens for the public API: made by their user (the text shown once), revoked by their
user, checked on every API request."""

import secrets
from datetime import timedelta

from django.utils.translation import gettext as _

from accounts.models import AccessToken
from campaign import clock
from campaign.digests import digest
from campaign.errors import NotAllowed, RuleViolation
from campaign.text_refusals import checked_text

PREFIX = "cs_"
MAX_TOKENS = 20  # live tokens a user may hold
USED_EVERY = timedelta(minutes=1)  # last_used_at is written at most this often


def token_create(*, user, name: str, scope: str) -> tuple[AccessToken, str]:
    """A new token and its text (shown once: only its digest is kept)."""
    name = name.strip()
    if not name or len(name) > 60:
        raise RuleViolation("", _("A token needs a name of at most 60 characters."))
    name = checked_text(name, field=_("name"), clause="", max_length=60, multiline=False)
    if scope not in AccessToken.Scope.values:
        raise RuleViolation("", _("A token either reads only or reads and acts."))
    if AccessToken.objects.filter(user=user, revoked_at__isnull=True).count() >= MAX_TOKENS:
        raise RuleViolation("", _("At most %(n)d tokens may be in use; revoke one first.") % {"n": MAX_TOKENS})
    text = PREFIX + secrets.token_urlsafe(32)
    token = AccessToken.objects.create(
        user=user, name=name, scope=scope, prefix=text[:10], digest=digest(text), created_at=clock.now()
    )
    return token, text


def token_revoke(*, user, token: AccessToken) -> AccessToken:
    if token.user_id != user.pk:
        raise NotAllowed("", _("Only its owner may revoke a token."))
    if token.revoked_at is None:
        token.revoked_at = clock.now()
        AccessToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=token.revoked_at)
    return token


def token_check(text: str) -> AccessToken | None:
    """The live token with this text, its user loaded; None for an unknown or revoked one."""
    if not text.startswith(PREFIX) or len(text) > 100:
        return None
    token = AccessToken.objects.select_related("user").filter(digest=digest(text), revoked_at__isnull=True).first()
    if token is None or not token.user.is_active:
        return None
    now = clock.now()
    if token.last_used_at is None or now - token.last_used_at >= USED_EVERY:
        AccessToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
