"""The dashboard of the cities' defence values, in a fixed number of queries (8; 9 for one page
of a campaign bigger than a page), a page of cities at a time (a season's 1,000
cities are not all read for one look)."""

from dataclasses import dataclass, field
from datetime import datetime

from battles.models import Army, Siege
from battles.timer_kinds import DAY, PERIOD
from campaign.models import Campaign, Kingdom, Move, Officer, Timer, Whereabouts
from campaign.rules.personnel import is_online
from cities.models import City
from play.models import Game


@dataclass
class PresentOfficer:
    officer: Officer
    online: bool


@dataclass
class CityRow:
    city: City
    present: list[PresentOfficer] = field(default_factory=list)
    arriving: list[Move] = field(default_factory=list)
    siege: Siege | None = None
    armies: list[Army] = field(default_factory=list)
    next_period: datetime | None = None
    live_games: list[int] = field(default_factory=list)  # games of its siege played live now

    @property
    def wall_percent(self) -> int:
        return round(100 * self.city.wall / self.city.wall_max) if self.city.wall_max else 0

    @property
    def online_count(self) -> int:
        return sum(p.online for p in self.present)


@dataclass
class Dashboard:
    rows: list[CityRow]
    on_the_road: list[Move]
    now: datetime
    next_day: datetime | None = None
    kingdoms: list[Kingdom] = field(default_factory=list)  # for the filter
    kingdom: Kingdom | None = None  # the filter chosen
    page: int = 1
    per_page: int | None = None
    has_next: bool = False
    more_on_the_road: bool = False

    @property
    def whole(self) -> bool:
        """Every city of the campaign is on this page (then the map is drawn beside it)."""
        return self.kingdom is None and self.page == 1 and not self.has_next


def dashboard(
    *, campaign: Campaign, now: datetime, kingdom_id: int | None = None, page: int = 1, per_page: int | None = None
) -> Dashboard:
    """`per_page` cities in the campaign's order (of `kingdom_id`'s only, when given), those
    arriving there and the first `per_page` officers on the road; every city when None."""
    kingdoms = list(Kingdom.objects.filter(campaign=campaign).order_by("pk")) if per_page else []  # the filter
    chosen = next((k for k in kingdoms if k.pk == kingdom_id), None)
    page = max(page, 1) if per_page else 1
    rows, has_next = _city_rows(campaign, chosen, page, per_page)
    whole = chosen is None and page == 1 and not has_next
    _present_add(rows, campaign, now, whole)
    travelling = _travelling_add(rows, campaign, whole, per_page)
    sieges = _sieges_add(rows, campaign, whole)
    next_day = _timers_add(sieges, campaign)
    _armies_add(rows, campaign, whole)
    return Dashboard(
        rows=list(rows.values()),
        on_the_road=travelling[:per_page],
        per_page=per_page,
        now=now,
        next_day=next_day,
        kingdoms=kingdoms,
        kingdom=chosen,
        page=page,
        has_next=has_next,
        more_on_the_road=per_page is not None and len(travelling) > per_page,
    )


# Each step below reads one table for the rows of the page: for all the campaign's when the page
# is `whole` (no filter to add), else for the page's cities only.


def _city_rows(
    campaign: Campaign, chosen: Kingdom | None, page: int, per_page: int | None
) -> tuple[dict[int, CityRow], bool]:
    """The page's rows by city id, and whether a next page follows (one city more is read to know)."""
    cities = City.objects.filter(campaign=campaign).select_related("kingdom", "governor", "board")
    if chosen is not None:
        cities = cities.filter(kingdom=chosen)
    listed = list(cities[(page - 1) * per_page : page * per_page + 1] if per_page else cities)
    has_next = per_page is not None and len(listed) > per_page
    return {city.pk: CityRow(city) for city in listed[:per_page]}, has_next


def _present_add(rows: dict[int, CityRow], campaign: Campaign, now: datetime, whole: bool) -> None:
    """The officers in each city, the most stars first, with whether they are online."""
    present = (
        Officer.objects.filter(campaign=campaign, whereabouts=Whereabouts.CITY)
        .select_related("user__presence", "kingdom")
        .order_by("-stars", "name")
    )
    if not whole:
        present = present.filter(city_id__in=list(rows))
    for officer in present:
        presence = getattr(officer.user, "presence", None)
        online = is_online(presence.last_seen if presence else None, now, campaign.online_window)
        assert officer.city_id is not None  # whereabouts CITY: the officer_one_whereabouts constraint
        rows[officer.city_id].present.append(PresentOfficer(officer, online))


def _travelling_add(rows: dict[int, CityRow], campaign: Campaign, whole: bool, per_page: int | None) -> list[Move]:
    """The moves arriving at each city; returns those on the road, soonest first (one more than
    a page, to know there are more)."""
    moving = (
        Move.objects.filter(campaign=campaign, status=Move.Status.TRAVELLING)
        .select_related("officer__kingdom", "origin", "destination")
        .order_by("arrives_at", "id")
    )
    travelling = list(moving if whole or per_page is None else moving[: per_page + 1])
    for move in travelling if whole else moving.filter(destination_id__in=list(rows)):
        rows[move.destination_id].arriving.append(move)
    return travelling


def _sieges_add(rows: dict[int, CityRow], campaign: Campaign, whole: bool) -> dict[int, CityRow]:
    """Each besieged city's siege and the games of it played live now; returns the rows by siege id."""
    sieges = {}
    active = Siege.objects.filter(campaign=campaign, status=Siege.Status.ACTIVE)
    for siege in active if whole else active.filter(city_id__in=list(rows)):
        rows[siege.city_id].siege = siege
        sieges[siege.pk] = rows[siege.city_id]
    if sieges:
        for game_id, siege_id in Game.objects.filter(
            siege_id__in=list(sieges), status=Game.Status.PENDING, live_since__isnull=False
        ).values_list("pk", "siege_id"):
            sieges[siege_id].live_games.append(game_id)
    return sieges


def _timers_add(sieges: dict[int, CityRow], campaign: Campaign) -> datetime | None:
    """The end of each siege's current period on its row; returns the next daily change (R7.1)."""
    next_day = None
    for timer in Timer.objects.filter(campaign=campaign, status=Timer.Status.PENDING, kind__in=[DAY, PERIOD]):
        if timer.kind == DAY:
            next_day = min(next_day or timer.due_at, timer.due_at)
        elif timer.object_id in sieges:
            sieges[timer.object_id].next_period = timer.due_at
    return next_day


def _armies_add(rows: dict[int, CityRow], campaign: Campaign, whole: bool) -> None:
    """The armies not ended that target each city, the soonest to arrive first."""
    armies = Army.objects.filter(campaign=campaign).exclude(status=Army.Status.ENDED)
    if not whole:
        armies = armies.filter(target_id__in=list(rows))
    for army in armies.select_related("kingdom").order_by("arrives_at"):
        rows[army.target_id].armies.append(army)
