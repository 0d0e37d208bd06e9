"""Reading ids and numbers from posted forms: bad input is a message, never a 500."""

from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _

from campaign.errors import RuleViolation


def posted_int(data, name: str, clause: str) -> int:
    try:
        return int(data.get(name, ""))
    except (TypeError, ValueError):
        raise RuleViolation(clause, _("Please choose a valid value for “%(field)s”.") % {"field": name}) from None


def posted_object(data, name: str, queryset: QuerySet, clause: str) -> Model:
    obj = queryset.filter(pk=posted_int(data, name, clause)).first()
    if obj is None:
        raise RuleViolation(clause, _("Please choose a valid value for “%(field)s”.") % {"field": name})
    return obj
