"""The secret of an officer's private feeds (the palace board's Atom feed): made or renewed by the officer alone."""

import secrets

from django.utils.translation import gettext as _

from campaign.errors import NotAllowed
from campaign.models import Officer


def feed_token_renew(*, actor: Officer, officer: Officer) -> str:
    """A new secret for `officer`'s feed addresses; every address made with the old one stops
    working at once (a feed reader that leaked it, a shared screen)."""
    if actor.pk != officer.pk:
        raise NotAllowed("R1.5", _("Only the officer may make a new address for their own feeds."))
    token = secrets.token_urlsafe(32)
    Officer.objects.filter(pk=officer.pk).update(feed_token=token)
    officer.feed_token = token
    return token
