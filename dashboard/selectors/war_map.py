"""The map of the war: cities where the campaign placed them (or where cities.layout put them
once, when the world was saved), coloured by owner, walls as bars, roads, armies and officers drawn where they
are along their road, sieges marked. Built from the dashboard's reads plus one for the roads."""

import math
from dataclasses import dataclass
from datetime import datetime

from campaign.models import Campaign
from cities.drawing import Frame
from cities.labels import Label, Mark, place
from cities.layout import SIZE, Point, along
from cities.models import City, Road
from dashboard.selectors.dashboard import Dashboard

WIDTH = 1000.0
MARGIN = 70.0
MIN_HEIGHT = 360.0


@dataclass
class MapCity:
    city: City
    x: float
    y: float
    wall_percent: int
    besieged: bool
    siege_id: int | None
    label: Label | None = None  # where its name is written (cities/labels.py)

    @property
    def wall_width(self) -> float:
        """The filled part of the wall's bar, 60 map units long."""
        return round(0.6 * self.wall_percent, 1)


@dataclass
class MapLine:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class MapMarker:
    """An army or an officer on the road, at the point it has reached."""

    kind: str  # "army" | "officer"
    x: float
    y: float
    colour: str
    label: str
    url_id: int | None
    arrives_at: datetime


@dataclass
class WarMap:
    width: float
    height: float
    cities: list[MapCity]
    roads: list[MapLine]
    markers: list[MapMarker]


def places(cities: list[City], roads: list[tuple[int, int]]) -> dict[int, Point]:
    """Each city's point in the layout's square: the campaign's coordinates fitted into it. Every
    city got coordinates when its world was saved (a page never lays out); one without (a row
    written around the services) is drawn on a ring in the middle, where it is seen and mended."""
    placed = {c.pk: (c.map_x, c.map_y) for c in cities if c.map_x is not None and c.map_y is not None}
    spots: dict[int, Point] = {}
    if placed:
        xs = [float(x) for x, _y in placed.values()]
        ys = [float(y) for _x, y in placed.values()]
        span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
        spots = {pk: ((x - min(xs)) / span * SIZE, (y - min(ys)) / span * SIZE) for pk, (x, y) in placed.items()}
    loose = [c.pk for c in cities if c.pk not in spots]
    for index, pk in enumerate(loose):
        angle = 2 * math.pi * index / len(loose)
        spots[pk] = (SIZE / 2 + SIZE * 0.2 * math.cos(angle), SIZE / 2 + SIZE * 0.2 * math.sin(angle))
    return spots


def _fit(points: dict[int, Point]) -> tuple[dict[int, Point], float]:
    """Points scaled into a frame WIDTH wide (keeping proportions) and the frame's height."""
    frame = Frame.around(list(points.values()), width=WIDTH, margin=MARGIN, min_height=MIN_HEIGHT)
    return {pk: frame.to_frame(point) for pk, point in points.items()}, frame.height


def _progress(departs: datetime | None, arrives: datetime, now: datetime) -> float:
    if departs is None or arrives <= departs:
        return 0.5
    return (now - departs) / (arrives - departs)


def _radius(city: MapCity) -> float:
    """The circle's radius as dashboard/_map.html draws it, or its siege ring's."""
    if city.besieged:
        return 30.0 if city.city.kind == "capital" else 24.0
    return {"capital": 20.0, "buffer": 15.0}.get(city.city.kind, 13.0)


def _label(drawn: list[MapCity], height: float) -> None:
    marks = [Mark(c.city.pk, c.city.name, c.x, c.y, _radius(c)) for c in drawn]
    for city, label in zip(drawn, place(marks, width=WIDTH, height=height), strict=True):
        city.label = label


def war_map(*, campaign: Campaign, dash: Dashboard) -> WarMap:
    cities = [row.city for row in dash.rows]
    road_pairs = list(Road.objects.filter(campaign=campaign).values_list("a_id", "b_id"))
    points, height = _fit(places(cities, road_pairs))
    drawn = [
        MapCity(
            city=row.city,
            x=points[row.city.pk][0],
            y=points[row.city.pk][1],
            wall_percent=row.wall_percent,
            besieged=row.siege is not None,
            siege_id=row.siege.pk if row.siege is not None else None,
        )
        for row in dash.rows
    ]
    _label(drawn, height)
    roads = [MapLine(*points[a], *points[b]) for a, b in road_pairs if a in points and b in points]
    markers = []
    for row in dash.rows:
        for army in row.armies:
            if army.status != army.Status.MARCHING or army.origin_id not in points:
                continue
            x, y = along(
                points[army.origin_id], points[army.target_id], _progress(army.departs_at, army.arrives_at, dash.now)
            )
            label = f"{army.kingdom.name} → {row.city.name}"
            markers.append(MapMarker("army", x, y, army.kingdom.colour, label, army.pk, army.arrives_at))
    for move in dash.on_the_road:
        if move.origin_id not in points or move.destination_id not in points or move.arrives_at is None:
            continue
        x, y = along(
            points[move.origin_id], points[move.destination_id], _progress(move.departs_at, move.arrives_at, dash.now)
        )
        colour = move.officer.kingdom.colour if move.officer.kingdom else "#888888"
        label = f"{move.officer.name} → {move.destination.name}"
        markers.append(MapMarker("officer", x, y, colour, label, None, move.arrives_at))
    return WarMap(width=WIDTH, height=height, cities=drawn, roads=roads, markers=markers)
