"""A city as the terminal's city screen shows it: owner, governor, wall, the officers there
(online or not), those arriving, the armies marching on it or before it, its siege with the end
of the current penalty period, and its road neighbours, in a fixed number of queries (7; 6 when
no siege)."""

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q
from django.shortcuts import get_object_or_404

from battles.models import Army, Siege
from battles.timer_kinds import PERIOD
from campaign.models import Campaign, Move, Officer, Timer, Whereabouts
from campaign.rules.personnel import is_online
from cities.models import City, Road
from dashboard.selectors.dashboard import PresentOfficer


@dataclass
class CityView:
    city: City
    present: list[PresentOfficer] = field(default_factory=list)
    arriving: list[Move] = field(default_factory=list)
    armies: list[Army] = field(default_factory=list)
    siege: Siege | None = None
    next_period: datetime | None = None
    neighbours: list[City] = field(default_factory=list)

    @property
    def online_count(self) -> int:
        return sum(p.online for p in self.present)


def city_detail(*, campaign: Campaign, city_id: int, now: datetime) -> CityView:
    city = get_object_or_404(City.objects.select_related("kingdom", "governor", "board"), pk=city_id, campaign=campaign)
    present = (
        Officer.objects.filter(campaign=campaign, whereabouts=Whereabouts.CITY, city=city)
        .select_related("user__presence", "kingdom")
        .order_by("-stars", "name")
    )
    view = CityView(city=city)
    for officer in present:
        presence = getattr(officer.user, "presence", None)
        view.present.append(
            PresentOfficer(officer, is_online(presence.last_seen if presence else None, now, campaign.online_window))
        )
    view.arriving = list(
        Move.objects.filter(campaign=campaign, status=Move.Status.TRAVELLING, destination=city)
        .select_related("officer__kingdom", "origin")
        .order_by("arrives_at", "id")
    )
    view.armies = list(
        Army.objects.filter(campaign=campaign, target=city)
        .exclude(status=Army.Status.ENDED)
        .select_related("kingdom", "origin")
        .order_by("arrives_at")
    )
    view.siege = Siege.objects.filter(campaign=campaign, city=city, status=Siege.Status.ACTIVE).first()
    if view.siege is not None:
        timer = Timer.objects.filter(
            campaign=campaign, kind=PERIOD, object_id=view.siege.pk, status=Timer.Status.PENDING
        ).first()
        view.next_period = timer.due_at if timer else None
    roads = Road.objects.filter(Q(a=city) | Q(b=city)).select_related("a__kingdom", "b__kingdom")
    view.neighbours = sorted(
        (road.b if road.a_id == city.pk else road.a for road in roads), key=lambda c: (c.position, c.pk)
    )
    return view
