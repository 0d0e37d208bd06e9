"""The war's part of a city's board: its active siege and the armies marching on it."""

from battles.models import Army, Siege
from cities.models import City


def city_war(*, city: City | None) -> tuple[Siege | None, list[Army]]:
    """For a city's board: its active siege, and the armies marching on it or before it."""
    if city is None:
        return None, []
    siege = Siege.objects.filter(city=city, status=Siege.Status.ACTIVE).first()
    armies = list(
        Army.objects.filter(target=city)
        .exclude(status=Army.Status.ENDED)
        .select_related("kingdom")
        .order_by("arrives_at")
    )
    return siege, armies
