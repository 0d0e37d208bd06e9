"""What a reader sends, read and checked once for the pages, the API and the sockets: ids,
numbers and texts from posted forms and queries (bad input is a message that names the rule,
never a 500: ids in ASCII digits within the database's range; texts bounded and free of control
characters), and the time zone the reader chose (a cookie, like the language)."""

from datetime import UTC, datetime
from functools import cache
from typing import TypeVar
from zoneinfo import ZoneInfo, available_timezones

from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from campaign.errors import RuleViolation
from campaign.rules.text import ID_MAX, parse_id

M = TypeVar("M", bound=Model)

TIME_ZONE_COOKIE = "campaign_tz"


# The form fields' names as the user reads them (a message never shows the field's code).
FIELD_LABELS = {
    "army": pgettext_lazy("form field", "army"),
    "attacker": pgettext_lazy("form field", "attacker"),
    "beneficiary": pgettext_lazy("form field", "beneficiary"),
    "defender": pgettext_lazy("form field", "defender"),
    "destination": pgettext_lazy("form field", "destination"),
    "member": pgettext_lazy("form field", "members"),
    "officer": pgettext_lazy("form field", "officer"),
    "opponent": pgettext_lazy("form field", "opponents"),
    "origin": pgettext_lazy("form field", "city of departure"),
    "pursuer": pgettext_lazy("form field", "pursuers"),
    "ransom": pgettext_lazy("form field", "ransom"),
    "rearguard": pgettext_lazy("form field", "rearguard"),
    "stars": pgettext_lazy("form field", "stars"),
    "substitute": pgettext_lazy("form field", "substitute"),
    "target": pgettext_lazy("form field", "target"),
}


def _invalid(name: str, clause: str) -> RuleViolation:
    label = FIELD_LABELS.get(name, name)
    return RuleViolation(clause, _("Please choose a valid value for “%(field)s”.") % {"field": label})


def posted_int(data, name: str, clause: str, *, minimum: int = 0, maximum: int = 2**31 - 1) -> int:
    raw = data.get(name, "")
    value = parse_id(raw.strip() if isinstance(raw, str) else raw, maximum=maximum)
    if value is None or value < minimum:
        raise _invalid(name, clause)
    return value


def posted_ids(data, name: str, clause: str) -> list[int]:
    """Every value of a multi-valued field (checkboxes), each an id."""
    ids = [parse_id(raw) for raw in data.getlist(name)]
    if any(i is None for i in ids):
        raise _invalid(name, clause)
    return [i for i in ids if i is not None]


def query_id(data, name: str) -> int | None:
    """An optional id in a query string (a filter): None when absent or not an id."""
    return parse_id(data.get(name))


QUERY_NUMBER_MAX = 10**9 - 1  # past any page or filter a campaign has; its offset fits any database


def query_number(raw: object) -> int | None:
    """A page number or a filter's id in a query string (a page's or its socket's): ASCII digits
    up to QUERY_NUMBER_MAX, else None (then the default: the first page, no filter), never a 500.

    >>> query_number("2"), query_number("²"), query_number("٣"), query_number("9" * 10), query_number(None)
    (2, None, None, None, None)
    """
    return parse_id(raw, maximum=QUERY_NUMBER_MAX)


def posted_object(data, name: str, queryset: QuerySet[M], clause: str) -> M:
    obj = queryset.filter(pk=posted_int(data, name, clause, maximum=ID_MAX)).first()
    if obj is None:
        raise _invalid(name, clause)
    return obj


@cache
def zone_names() -> tuple[str, ...]:
    return tuple(sorted(name for name in available_timezones() if "/" in name and not name.startswith("Etc/")))


def zone_named(name: str) -> ZoneInfo | None:
    """The zone of that IANA name if it is one the site offers, else None (then the campaign's)."""
    return ZoneInfo(name) if name in zone_names() else None


def chosen_zone(request: HttpRequest) -> ZoneInfo | None:
    """The zone the reader chose (the time-zone page's cookie), or None (then the campaign's)."""
    return zone_named(request.COOKIES.get(TIME_ZONE_COOKIE, ""))


# The instants an organiser may type (a war's start, end, a pause's end): a sane span, so that a
# deadline moved by a pause or a day of the chronicle never leaves what the database and dates hold.
FIRST_YEAR, LAST_YEAR = 2000, 2199


def posted_instant(data, name: str, zone: ZoneInfo) -> datetime:
    """A `datetime-local` field (``2026-05-01T20:00``) read in the campaign's zone (or an ISO
    instant naming its own offset)."""
    text = (data.get(name) or "").strip()
    try:
        naive = datetime.fromisoformat(text)
        instant = naive.replace(tzinfo=zone) if naive.tzinfo is None else naive
        instant.astimezone(UTC)  # an instant the database cannot hold (year 9999 past UTC) fails here
    except (ValueError, OverflowError):
        raise RuleViolation("R1.1", _("Please give a date and a time.")) from None
    if not FIRST_YEAR <= instant.year <= LAST_YEAR:
        raise RuleViolation(
            "R1.1", _("Please give a date between %(first)s and %(last)s.") % {"first": FIRST_YEAR, "last": LAST_YEAR}
        )
    return instant


def posted_instant_or_none(data, name: str, zone: ZoneInfo) -> datetime | None:
    """`posted_instant` for an optional field: None when it is left empty."""
    return posted_instant(data, name, zone) if (data.get(name) or "").strip() else None
