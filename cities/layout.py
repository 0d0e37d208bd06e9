"""Where the map draws each city: the coordinates a campaign keeps, and
for cities without any a force-directed layout (Fruchterman–Reingold), deterministic, so the
map of a campaign looks the same on every page load. Pure: no Django."""

import math
from collections.abc import Hashable, Iterable

Point = tuple[float, float]

SIZE = 1000.0  # the layout's square, in map units
ITERATIONS = 120
EXACT_UP_TO = 200  # maps up to this many cities: every pair pushes (as small maps always were)
# The layout's work is bounded whatever the map: rounds × cities at most WORK (all 120 rounds up to
# 1,000 cities, fewer beyond, never under MIN_ROUNDS), and a city is pushed by at most NEAR_CAP of
# the cities around it (a sample, weighted, where a star-shaped map bunches them in one cell).
WORK = 120_000
MIN_ROUNDS = 12
NEAR_CAP = 40


def spring_layout(
    nodes: list[Hashable], edges: Iterable[tuple[Hashable, Hashable]], fixed: dict[Hashable, Point] | None = None
) -> dict[Hashable, Point]:
    """Positions in [0, SIZE]² for `nodes`: linked nodes pulled together, all pushed apart. Nodes
    in `fixed` keep their place (the others settle around them); a node is never on another.

    >>> spots = spring_layout(["a", "b", "c"], [("a", "b"), ("b", "c")])
    >>> len(spots), all(0 <= x <= SIZE and 0 <= y <= SIZE for x, y in spots.values())
    (3, True)
    >>> spots == spring_layout(["a", "b", "c"], [("a", "b"), ("b", "c")])
    True
    >>> spring_layout(["a", "b"], [], fixed={"a": (10.0, 20.0)})["a"]
    (10.0, 20.0)
    """
    fixed = dict(fixed or {})
    count = len(nodes)
    if count == 0:
        return {}
    spots = _on_a_circle(nodes, fixed)
    links = [(a, b) for a, b in edges if a in spots and b in spots and a != b]
    ideal = SIZE / math.sqrt(count) * 0.8
    heat = SIZE / 10
    rounds = max(MIN_ROUNDS, min(ITERATIONS, WORK // count))
    cooling = 0.96 ** (ITERATIONS / rounds)  # the same fall of heat in fewer rounds
    for _round in range(rounds):
        push = _pushes(nodes, links, spots, ideal)
        _settle(nodes, fixed, spots, push, heat)
        heat *= cooling
    return {node: (round(x, 1), round(y, 1)) for node, (x, y) in spots.items()}


def _on_a_circle(nodes: list[Hashable], fixed: dict[Hashable, Point]) -> dict[Hashable, list[float]]:
    """The start: the fixed nodes at their place, the others on a circle in the given order (the
    campaign's order keeps neighbours near)."""
    spots: dict[Hashable, list[float]] = {}
    for index, node in enumerate(nodes):
        if node in fixed:
            spots[node] = list(fixed[node])
        else:
            angle = 2 * math.pi * index / len(nodes)
            spots[node] = [SIZE / 2 + SIZE * 0.4 * math.cos(angle), SIZE / 2 + SIZE * 0.4 * math.sin(angle)]
    return spots


def _pushes(
    nodes: list[Hashable], links: list[tuple[Hashable, Hashable]], spots: dict[Hashable, list[float]], ideal: float
) -> dict[Hashable, list[float]]:
    """One round's force on each node: nodes pushed apart, every link's ends pulled together."""
    if len(nodes) <= EXACT_UP_TO:
        push = _pushes_every_pair(nodes, spots, ideal)
    else:
        push = _pushes_nearby(nodes, spots, ideal)
    for a, b in links:
        dx, dy = spots[a][0] - spots[b][0], spots[a][1] - spots[b][1]
        distance = math.hypot(dx, dy) or 0.01
        force = distance * distance / ideal
        fx, fy = dx / distance * force, dy / distance * force
        push[a][0] -= fx
        push[a][1] -= fy
        push[b][0] += fx
        push[b][1] += fy
    return push


def _pushes_every_pair(
    nodes: list[Hashable], spots: dict[Hashable, list[float]], ideal: float
) -> dict[Hashable, list[float]]:
    push = {node: [0.0, 0.0] for node in nodes}
    for i, a in enumerate(nodes):
        ax, ay = spots[a]
        for b in nodes[i + 1 :]:
            dx, dy = ax - spots[b][0], ay - spots[b][1]
            distance = math.hypot(dx, dy) or 0.01
            force = ideal * ideal / distance
            fx, fy = dx / distance * force, dy / distance * force
            push[a][0] += fx
            push[a][1] += fy
            push[b][0] -= fx
            push[b][1] -= fy
    return push


def _pushes_nearby(
    nodes: list[Hashable], spots: dict[Hashable, list[float]], ideal: float
) -> dict[Hashable, list[float]]:
    """The grid variant of Fruchterman and Reingold's own paper: a node is pushed only by the
    nodes within twice the ideal distance, found in the neighbouring cells of a grid of that
    size. Linear in the nodes for an even map (a 1,000-city world in a second, not half a minute)."""
    reach = 2 * ideal
    cells: dict[tuple[int, int], list[Hashable]] = {}
    for node in nodes:
        x, y = spots[node]
        cells.setdefault((int(x // reach), int(y // reach)), []).append(node)
    push = {node: [0.0, 0.0] for node in nodes}
    for (cx, cy), members in cells.items():
        near = [b for dx in (-1, 0, 1) for dy in (-1, 0, 1) for b in cells.get((cx + dx, cy + dy), ())]
        weight = 1.0
        if len(near) > NEAR_CAP:  # a crowd: a spread sample of it, each standing for `weight` cities
            weight = len(near) / NEAR_CAP
            near = [near[int(k * weight)] for k in range(NEAR_CAP)]
        for a in members:
            ax, ay = spots[a]
            total = push[a]
            for b in near:
                if b is a:
                    continue
                dx, dy = ax - spots[b][0], ay - spots[b][1]
                distance = math.hypot(dx, dy) or 0.01
                if distance < reach:
                    force = weight * ideal * ideal / distance / distance
                    total[0] += dx * force
                    total[1] += dy * force
    return push


def _settle(
    nodes: list[Hashable],
    fixed: dict[Hashable, Point],
    spots: dict[Hashable, list[float]],
    push: dict[Hashable, list[float]],
    heat: float,
) -> None:
    """Moves each node that is not fixed along its force, by at most `heat`, inside the square."""
    for node in nodes:
        if node in fixed:
            continue
        dx, dy = push[node]
        length = math.hypot(dx, dy) or 1.0
        step = min(length, heat)
        spots[node][0] = min(SIZE, max(0.0, spots[node][0] + dx / length * step))
        spots[node][1] = min(SIZE, max(0.0, spots[node][1] + dy / length * step))


def along(start: Point, end: Point, fraction: float) -> Point:
    """The point `fraction` (0…1, clamped) of the way from `start` to `end`: where a march is.

    >>> along((0.0, 0.0), (100.0, 50.0), 0.5)
    (50.0, 25.0)
    >>> along((0.0, 0.0), (100.0, 50.0), 2)
    (100.0, 50.0)
    """
    f = min(1.0, max(0.0, fraction))
    return (round(start[0] + (end[0] - start[0]) * f, 1), round(start[1] + (end[1] - start[1]) * f, 1))


def placed_everywhere(
    nodes: list[Hashable], edges: Iterable[tuple[Hashable, Hashable]], placed: dict[Hashable, Point]
) -> dict[Hashable, Point]:
    """Coordinates for every node, in the frame of those `placed` (which keep theirs): the
    others laid out around them as the map would (placed ones fitted into the layout's square),
    then brought back into the placed ones' frame. Done once when a world is saved, so that no
    page lays out.

    >>> spots = placed_everywhere(["a", "b", "c"], [("a", "b"), ("b", "c")], {"a": (100.0, 200.0), "c": (300.0, 200.0)})
    >>> spots["a"], spots["c"], len(spots)
    ((100.0, 200.0), (300.0, 200.0), 3)
    >>> sorted(placed_everywhere(["a", "b"], [("a", "b")], {})) == ["a", "b"]
    True
    >>> spots = placed_everywhere(["a", "b"], [("a", "b")], {"a": (5.0, 5.0)})
    >>> spots["a"], spots["a"] != spots["b"], abs(spots["b"][0] - 5) + abs(spots["b"][1] - 5) > 100
    ((5.0, 5.0), True, True)
    """
    missing = [n for n in nodes if n not in placed]
    if not missing:
        return dict(placed)
    if not placed:
        return spring_layout(nodes, edges)
    xs = [x for x, _y in placed.values()]
    ys = [y for _x, y in placed.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or SIZE  # one placed city: a square of SIZE around it
    fixed = {n: ((x - min(xs)) / span * SIZE, (y - min(ys)) / span * SIZE) for n, (x, y) in placed.items()}
    laid = spring_layout(nodes, edges, fixed)
    out = dict(placed)
    for n in missing:
        x, y = laid[n]
        out[n] = (round(x / SIZE * span + min(xs), 1), round(y / SIZE * span + min(ys), 1))
    return out


def beside(anchor: Point | None, placed: list[Point], turn: int) -> Point:
    """Where a city added to a placed map first stands (the organiser drags it where it belongs):
    near `anchor` (the city its first road leads to), a tenth of the map's span away, turned by
    the golden angle for each `turn`; with no anchor, right of the map; on an empty map, the origin.

    >>> beside(None, [], 0)
    (0.0, 0.0)
    >>> beside(None, [(0.0, 0.0), (100.0, 50.0)], 0)
    (110.0, 25.0)
    >>> beside((0.0, 0.0), [(0.0, 0.0), (100.0, 0.0)], 0)
    (10.0, 0.0)
    """
    if not placed:
        return (0.0, 0.0)
    xs = [x for x, _y in placed]
    ys = [y for _x, y in placed]
    step = max(max(xs) - min(xs), max(ys) - min(ys)) / 10 or SIZE / 10
    if anchor is None:
        return (round(max(xs) + step, 1), round((min(ys) + max(ys)) / 2, 1))
    angle = turn * math.pi * (3 - math.sqrt(5))
    return (round(anchor[0] + step * math.cos(angle), 1), round(anchor[1] + step * math.sin(angle), 1))
