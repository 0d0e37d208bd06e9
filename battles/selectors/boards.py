"""The war's part of a city's board: its active siege and the armies marching on it."""

from datetime import datetime

from django.db.models import Exists, OuterRef

from battles.authority import orders_sortie
from battles.models import Army, FieldBattle, Siege
from campaign.models import Officer
from cities.models import City


def city_war(
    *, city: City | None, viewer: Officer | None = None, now: datetime | None = None
) -> tuple[Siege | None, list[Army], set[int]]:
    """For a city's board: its active siege, the armies marching on it or before it (arrival
    first), and those of them the viewer may go out to meet now (R4.6: the governor in the city or
    the king orders a sortie against an army still on the road and not met yet). Two queries.
    `city` with its kingdom joined."""
    if city is None:
        return None, [], set()
    siege = Siege.objects.filter(city=city, status=Siege.Status.ACTIVE).first()
    found = list(
        Army.objects.filter(target=city)
        .exclude(status=Army.Status.ENDED)
        .annotate(met=Exists(FieldBattle.objects.filter(army=OuterRef("pk"))))
        .select_related("kingdom")
        .order_by("arrives_at")
    )
    sortie = set()
    if viewer is not None and now is not None and orders_sortie(viewer, city):
        sortie = {a.pk for a in found if a.status == Army.Status.MARCHING and a.arrives_at > now and not a.met}
    armies: list[Army] = list(found)
    return siege, armies, sortie
