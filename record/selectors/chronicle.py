"""The war's chronicle on the standings page, one day (the campaign's zone) a page: the ledger's
rows told in the reader's language (as the siege page tells them), the system posts of the city
boards (the palaces are private, R1.2), and the historians' pinned accounts (R1.6). The day's
change (R7.1), a row for every city and besieging army, is summed in one line. Every read goes by
the ledger's city and army indexes, so a long war's page costs what its day holds: 7 queries."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import Count, Q, Sum

from battles.models import Army, LedgerEntry
from campaign import clock
from campaign.models import Campaign
from cities.models import City
from forum.models import Board, ChroniclePin, Post

EVENTS_SHOWN = 500  # of each kind on one day's page (a day of a hundred sieges writes ~3,000 rows)


@dataclass(frozen=True)
class DailyChange:
    field: str  # "wall" | "morale"
    rows: int
    total: int


@dataclass(frozen=True)
class ChronicleDay:
    day: date
    first: date
    last: date
    previous: date | None
    following: date | None
    ledger: list[LedgerEntry]
    posts: list[Post]
    daily: list[DailyChange]
    pins: list[ChroniclePin]
    pinned_days: list[date]


def war_days(campaign: Campaign) -> tuple[date, date]:
    """The first and last day of the war in its zone: from its start (or the campaign's making)
    to its end (or today)."""
    zone = campaign.zone
    start = campaign.war_starts_at or campaign.created_at
    end = campaign.ended_at or clock.now()
    first, last = start.astimezone(zone).date(), end.astimezone(zone).date()
    return first, max(first, last)


def _bounds(campaign: Campaign, day: date) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time(0), tzinfo=campaign.zone)
    if day >= date.max - timedelta(days=1):  # the last days a date holds: no "next day" to end at
        return start, datetime.max.replace(tzinfo=campaign.zone)
    return start, datetime.combine(day + timedelta(days=1), time(0), tzinfo=campaign.zone)


def _ledger(campaign: Campaign, start: datetime, end: datetime) -> tuple[list[LedgerEntry], list[DailyChange]]:
    cities = City.objects.filter(campaign=campaign).values("pk")
    armies = Army.objects.filter(campaign=campaign, departs_at__lt=end).exclude(ended_at__lt=start).values("pk")
    of_day = Q(due_at__gte=start, due_at__lt=end)
    rows: list[LedgerEntry] = []
    daily = []
    for field, owner in (
        (LedgerEntry.Field.WALL, Q(city_id__in=cities)),
        (LedgerEntry.Field.MORALE, Q(army_id__in=armies)),
    ):
        entries = LedgerEntry.objects.filter(owner, of_day)
        rows += (
            entries.exclude(cause="day")
            .select_related("city", "army__target", "army__kingdom")
            .order_by("due_at", "pk")[:EVENTS_SHOWN]
        )
        summed = entries.filter(cause="day").aggregate(rows=Count("pk"), total=Sum("delta"))
        if summed["rows"]:
            daily.append(DailyChange(field, summed["rows"], summed["total"] or 0))
    rows.sort(key=lambda e: (e.due_at, e.pk))
    return rows, daily


def chronicle_day(*, campaign: Campaign, day: date | None = None) -> ChronicleDay:
    """One day of the chronicle (the last day of the war when none is asked, a day outside the
    war brought within it)."""
    first, last = war_days(campaign)
    day = min(max(day or last, first), last)
    start, end = _bounds(campaign, day)
    ledger, daily = _ledger(campaign, start, end)
    posts = list(
        Post.objects.filter(
            thread__board__campaign=campaign,
            thread__board__kind=Board.Kind.CITY,
            is_system=True,
            hidden=False,
            created_at__gte=start,
            created_at__lt=end,
        )
        .select_related("thread__board__city")
        .order_by("created_at", "pk")[:EVENTS_SHOWN]
    )
    pins = ChroniclePin.objects.filter(campaign=campaign, post__hidden=False)
    return ChronicleDay(
        day=day,
        first=first,
        last=last,
        previous=day - timedelta(days=1) if day > first else None,
        following=day + timedelta(days=1) if day < last else None,
        ledger=ledger,
        posts=posts,
        daily=daily,
        pins=list(
            pins.filter(day=day).select_related("post__thread__board__city", "pinned_by").order_by("post__created_at")
        ),
        pinned_days=sorted(set(pins.values_list("day", flat=True))),
    )
