"""The terminal's own changes: a user's remembered language and encoding, their SSH keys."""

from django.db import transaction
from django.utils.translation import gettext as _

from bbs.models import TerminalChoice
from campaign.errors import RuleViolation


@transaction.atomic
def terminal_choose(*, user, language: str | None = None, encoding: str | None = None) -> TerminalChoice:
    """Remember the user's language or encoding for their next session."""
    if language is not None and language not in TerminalChoice.Language.values:
        raise RuleViolation("bbs", _("No such language."))
    if encoding is not None and encoding not in TerminalChoice.Encoding.values:
        raise RuleViolation("bbs", _("No such encoding."))
    choice, _created = TerminalChoice.objects.select_for_update().get_or_create(user=user)
    if language is not None:
        choice.language = language
    if encoding is not None:
        choice.encoding = encoding
    choice.save()
    return choice
