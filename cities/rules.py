"""Route finding over the road network (R1.4). Pure: no Django."""

from collections import deque
from collections.abc import Collection, Iterable, Mapping


def adjacency(roads: Iterable[tuple[int, int]]) -> dict[int, list[int]]:
    """Neighbours of each city, sorted so that routes are the same on every run.

    >>> adjacency([(1, 2), (2, 3)])
    {1: [2], 2: [1, 3], 3: [2]}
    """
    graph: dict[int, set[int]] = {}
    for a, b in roads:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)
    return {city: sorted(near) for city, near in sorted(graph.items())}


def shortest_route(
    graph: Mapping[int, list[int]], start: int, goal: int, passable: Collection[int] | None = None
) -> list[int] | None:
    """The route with the fewest legs from `start` to `goal`, both included, or None.

    Every leg takes the same time (R1.4), so fewest legs is fastest. `passable`, when given,
    limits the cities the route may pass through (the goal itself must be in it too). Among
    equally short routes the one through the lowest city ids wins, so the choice is stable.

    >>> g = adjacency([(1, 2), (2, 3), (1, 4), (4, 3)])
    >>> shortest_route(g, 1, 3)
    [1, 2, 3]
    >>> shortest_route(g, 1, 3, passable={1, 3, 4})
    [1, 4, 3]
    >>> shortest_route(g, 1, 3, passable={1, 3}) is None
    True
    """
    if start == goal:
        return [start]
    previous: dict[int, int] = {start: start}
    queue = deque([start])
    while queue:
        city = queue.popleft()
        for near in graph.get(city, ()):
            if near in previous or (passable is not None and near not in passable):
                continue
            previous[near] = city
            if near == goal:
                route = [goal]
                while route[-1] != start:
                    route.append(previous[route[-1]])
                return route[::-1]
            queue.append(near)
    return None
