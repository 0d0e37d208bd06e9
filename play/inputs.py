"""A game's forms read and checked once for the pages and the API (which reads its bodies as the
forms they stand for, api/forms.py): a reported game's start (R7.4)."""

from datetime import datetime

from django.utils.translation import gettext as _

from campaign.errors import RuleViolation


def reported_start(text: str, campaign) -> datetime | None:
    """When a reported game began (R7.4), as typed: ISO date and time, in the campaign's zone
    unless it names its own; None when not given (the form's field and the API's)."""
    if not text:
        return None
    try:
        naive = datetime.fromisoformat(text)
    except ValueError:
        raise RuleViolation("R7.4", _("Please give the start time as date and time.")) from None
    return naive.replace(tzinfo=campaign.zone) if naive.tzinfo is None else naive
