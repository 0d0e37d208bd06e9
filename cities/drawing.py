"""The map's frame: coordinates in any units (a campaign's `map_x`/`map_y`, a world file's `x`/`y`)
fitted into a frame of a fixed width, keeping proportions, and back again (a city dragged on the
organisers' map is saved in the campaign's units). Pure: no Django; the war map
(dashboard/selectors/war_map.py) and the organisers' map and preview draw with it.

>>> frame = Frame.around([(0.0, 0.0), (100.0, 50.0)], width=1000.0, margin=70.0, min_height=360.0)
>>> frame.to_frame((0.0, 0.0)), frame.to_frame((100.0, 50.0)), frame.height
((70.0, 70.0), (930.0, 500.0), 570.0)
>>> frame.from_frame((930.0, 500.0))
(100.0, 50.0)
"""

from dataclasses import dataclass

Point = tuple[float, float]
WIDTH, MARGIN, MIN_HEIGHT = 1000.0, 70.0, 360.0  # the war map's frame (dashboard/selectors/war_map.py)


@dataclass(frozen=True)
class Frame:
    scale: float
    left: float
    top: float
    min_x: float
    min_y: float
    height: float

    @classmethod
    def around(cls, points: list[Point], *, width: float, margin: float, min_height: float) -> "Frame":
        """The frame `width` wide that holds every point, `margin` inside its edges (a map taller
        than wide is drawn at most 1.6 times as tall as wide would be)."""
        if not points:
            return cls(1.0, margin, margin, 0.0, 0.0, min_height)
        xs = [x for x, _y in points]
        ys = [y for _x, y in points]
        span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
        scale = (width - 2 * margin) / max(span_x, span_y * 1.6, 1.0)
        height = max(min_height, span_y * scale + 2 * margin)
        return cls(
            scale, (width - span_x * scale) / 2, (height - span_y * scale) / 2, min(xs), min(ys), round(height, 1)
        )

    def to_frame(self, point: Point) -> Point:
        return (
            round(self.left + (point[0] - self.min_x) * self.scale, 1),
            round(self.top + (point[1] - self.min_y) * self.scale, 1),
        )

    def from_frame(self, point: Point) -> Point:
        return (
            round((point[0] - self.left) / self.scale + self.min_x, 3),
            round((point[1] - self.top) / self.scale + self.min_y, 3),
        )


@dataclass(frozen=True)
class DrawnCity:
    key: int  # the city's id, or its place in a world file not yet saved
    name: str
    kind: str
    colour: str
    owner: str
    x: float
    y: float


@dataclass(frozen=True)
class Drawing:
    """What the organisers' map draws (the war map's look): cities and roads in the frame, and
    the frame itself, which a dragged city's point is read back through."""

    width: float
    height: float
    frame: Frame
    cities: list[DrawnCity]
    roads: list[tuple[float, float, float, float, int, int]]  # x1, y1, x2, y2 and the two cities' keys


def drawing(cities: list[tuple[int, str, str, str, str, Point]], roads: list[tuple[int, int]]) -> Drawing:
    """The map of cities given as (key, name, kind, colour, owner, point) and roads as key pairs,
    WIDTH wide as the war map.

    >>> a, b = (1, "a", "capital", "#fff", "A", (0.0, 0.0)), (2, "b", "frontier", "#888", "", (10.0, 0.0))
    >>> d = drawing([a, b], [(1, 2)])
    >>> [(c.name, c.x, c.y) for c in d.cities], d.roads
    ([('a', 70.0, 180.0), ('b', 930.0, 180.0)], [(70.0, 180.0, 930.0, 180.0, 1, 2)])
    """
    frame = Frame.around([c[5] for c in cities], width=WIDTH, margin=MARGIN, min_height=MIN_HEIGHT)
    drawn = [
        DrawnCity(key, name, kind, colour, owner, *frame.to_frame(point))
        for key, name, kind, colour, owner, point in cities
    ]
    at = {c.key: (c.x, c.y) for c in drawn}
    lines = [(*at[a], *at[b], a, b) for a, b in roads if a in at and b in at]
    return Drawing(WIDTH, frame.height, frame, drawn, lines)
