"""The dashboard of the cities' defence values, in a fixed number of queries (7)."""

from dataclasses import dataclass, field
from datetime import datetime

from battles.models import Army, Game, Siege
from battles.timer_kinds import DAY, PERIOD
from campaign.models import Campaign, Move, Officer, Timer, Whereabouts
from campaign.rules.personnel import is_online
from cities.models import City


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


def dashboard(*, campaign: Campaign, now: datetime) -> Dashboard:
    rows = {
        city.pk: CityRow(city)
        for city in City.objects.filter(campaign=campaign).select_related("kingdom", "governor", "board")
    }
    present = (
        Officer.objects.filter(campaign=campaign, whereabouts=Whereabouts.CITY)
        .select_related("user__presence", "kingdom")
        .order_by("-stars", "name")
    )
    for officer in present:
        presence = getattr(officer.user, "presence", None)
        online = is_online(presence.last_seen if presence else None, now, campaign.online_window)
        rows[officer.city_id].present.append(PresentOfficer(officer, online))
    on_the_road = list(
        Move.objects.filter(campaign=campaign, status=Move.Status.TRAVELLING)
        .select_related("officer__kingdom", "origin", "destination")
        .order_by("arrives_at", "id")
    )
    for move in on_the_road:
        rows[move.destination_id].arriving.append(move)
    sieges = {}
    for siege in Siege.objects.filter(campaign=campaign, status=Siege.Status.ACTIVE):
        rows[siege.city_id].siege = siege
        sieges[siege.pk] = rows[siege.city_id]
    if sieges:
        for game_id, siege_id in Game.objects.filter(
            siege_id__in=list(sieges), status=Game.Status.PENDING, live_since__isnull=False
        ).values_list("pk", "siege_id"):
            sieges[siege_id].live_games.append(game_id)
    next_day = None
    for timer in Timer.objects.filter(campaign=campaign, status=Timer.Status.PENDING, kind__in=[DAY, PERIOD]):
        if timer.kind == DAY:
            next_day = min(next_day or timer.due_at, timer.due_at)
        elif timer.object_id in sieges:
            sieges[timer.object_id].next_period = timer.due_at
    for army in (
        Army.objects.filter(campaign=campaign)
        .exclude(status=Army.Status.ENDED)
        .select_related("kingdom")
        .order_by("arrives_at")
    ):
        rows[army.target_id].armies.append(army)
    return Dashboard(rows=list(rows.values()), on_the_road=on_the_road, now=now, next_day=next_day)
