"""The war's forms read and checked once for the pages and the API (which reads its bodies as
the forms they stand for, api/forms.py): the officers a multi-valued field names, an army's
organisation with its ranks (a reported game's start is play/inputs.py)."""

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
