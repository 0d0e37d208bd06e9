"""Reads of the map that the services and the pages share."""

from dataclasses import dataclass

from cities.models import Road
from cities.rules import adjacency, shortest_route


@dataclass(frozen=True)
class Route:
    """The cities a march passes, origin and goal included, with their names."""

    cities: list[int]
    names: list[str]

    @property
    def legs(self) -> int:
        return len(self.cities) - 1


def road_route(*, campaign_id: int, origin_id: int, goal_id: int) -> Route | None:
    """The route an army takes (R1.4, R4.5): the fewest roads, the same among equals on every
    run (`shortest_route`); None when no road leads there. One query."""
    roads = list(Road.objects.filter(campaign_id=campaign_id).values_list("a_id", "b_id", "a__name", "b__name"))
    names = {a: a_name for a, _b, a_name, _b_name in roads} | {b: b_name for _a, b, _a_name, b_name in roads}
    found = shortest_route(adjacency((a, b) for a, b, _x, _y in roads), origin_id, goal_id)
    if found is None:
        return None
    return Route(cities=found, names=[names.get(pk, "") for pk in found])
