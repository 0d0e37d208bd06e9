"""The war's forms read and checked once for the pages and the API (which reads its bodies as
the forms they stand for, api/forms.py): the officers a multi-valued field names, an army's
organisation with its ranks, a reported game's start (R7.4)."""

from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils.translation import gettext as _

from campaign.errors import RuleViolation
from campaign.inputs import posted_ids
from campaign.models import Officer


def officers_from(post, name: str, campaign) -> list[Officer]:
    """The officers a multi-valued field names, in its order (the form's and the API's)."""
    ids = posted_ids(post, name, "R4.6")
    found = {o.pk: o for o in Officer.objects.filter(campaign=campaign, pk__in=ids)}
    return [found[i] for i in ids if i in found]


def organisation_from(post, queryset, clause: str) -> list[tuple[Officer, str]]:
    """The chosen officers (`member` checkboxes) with their ranks (`rank_<id>`), in the form's order."""
    chosen = posted_ids(post, "member", clause)
    found = {o.pk: o for o in queryset.filter(pk__in=chosen)}
    if len(found) != len(set(chosen)):
        raise RuleViolation(clause, _("Please choose a valid value for “%(field)s”.") % {"field": "member"})
    return [(found[pk], post.get(f"rank_{pk}", "")) for pk in chosen]


def reported_start(text: str, campaign) -> datetime | None:
    """When a reported game began (R7.4), as typed: ISO date and time, in the campaign's zone
    unless it names its own; None when not given (the form's field and the API's)."""
    if not text:
        return None
    try:
        naive = datetime.fromisoformat(text)
    except ValueError:
        raise RuleViolation("R7.4", _("Please give the start time as date and time.")) from None
    return naive.replace(tzinfo=ZoneInfo(campaign.time_zone)) if naive.tzinfo is None else naive
