"""The march form's preview (R4.5, R1.4): before an army is sent, the route it will take and when
it will arrive if it leaves now, from the route function the march itself uses."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from campaign.models import Campaign
from campaign.rules.personnel import travel_time
from cities.models import City
from cities.selectors import Route, road_route


@dataclass(frozen=True)
class MarchPreview:
    origin: City
    target: City
    route: Route | None  # None: no road leads there (the march would be refused, R1.4)
    members: int  # officers chosen so far
    per_road: timedelta = timedelta(0)  # R1.4: each road's travel time
    travel: timedelta = timedelta(0)
    arrives_at: datetime | None = None  # leaving now

    @property
    def hours(self) -> int:
        return int(self.travel.total_seconds()) // 3600

    @property
    def minutes(self) -> int:
        return int(self.travel.total_seconds()) % 3600 // 60

    @property
    def per_road_minutes(self) -> int:
        return int(self.per_road.total_seconds()) // 60


def march_preview(*, campaign: Campaign, origin: City, target: City, members: int, now: datetime) -> MarchPreview:
    """One query (the roads, with the names of the cities on them)."""
    route = road_route(campaign_id=campaign.pk, origin_id=origin.pk, goal_id=target.pk)
    if route is None:
        return MarchPreview(origin=origin, target=target, route=None, members=members)
    travel = travel_time(route.legs, campaign.travel_time)
    return MarchPreview(
        origin=origin,
        target=target,
        route=route,
        members=members,
        per_road=campaign.travel_time,
        travel=travel,
        arrives_at=now + travel,
    )
