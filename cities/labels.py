"""Where each city's name is written on the war map, so that no name covers another name, a city's
circle or its wall's bar, on a phone as on a desktop. Pure: no Django.

The names are placed for the phone's letters (PHONE_FONT map units: a 1000-unit map drawn 370 px
wide writes them about 12.5 px tall, site.css); a desktop writes them smaller (24 units) from
the same anchor, inside the same box. Each name tries above its city, then below its wall's bar,
right, left and the four corners; a name with no free place is left out (`shown` false) and read
on its city's tap or hover (the city's title), as a crowded map's would be anyway.

>>> cities = [Mark(1, "長安", 500.0, 200.0, 20.0), Mark(2, "洛陽", 520.0, 150.0, 13.0)]
>>> [(p.key, p.side, p.shown) for p in place(cities, width=1000.0, height=400.0)]
[(1, 'below', True), (2, 'above', True)]
"""

import unicodedata
from dataclasses import dataclass

PHONE_FONT = 34.0  # map units; site.css writes .city-name at this size below 640 px
ASCENT, DESCENT = 1.16, 0.29  # of the font size, as a CJK font's box is drawn (Noto Sans CJK)
GAP = 6.0
BAR_TOP, BAR_BOTTOM, BAR_HALF = 28.0, 36.0, 30.0  # the wall's bar under each city (dashboard/_map.html)
CELL = 160.0

Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True)
class Mark:
    """A city as drawn: its key, name, centre and the radius of its circle (or siege ring)."""

    key: int
    name: str
    x: float
    y: float
    radius: float


@dataclass(frozen=True)
class Label:
    key: int
    x: float
    y: float  # the baseline
    anchor: str  # SVG text-anchor: start, middle or end
    side: str
    shown: bool


def text_width(name: str, font: float = PHONE_FONT) -> float:
    """The name's width: a wide (CJK) character one font size, any other 0.62.

    >>> text_width("城4", 10.0)
    16.2
    """
    return round(sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.62 for ch in name) * font, 1)


def _candidates(mark: Mark) -> list[tuple[str, str, float, float]]:
    """(side, anchor, x, baseline) in the order tried."""
    f, r = PHONE_FONT, mark.radius
    above = mark.y - r - GAP - DESCENT * f
    below = mark.y + BAR_BOTTOM + GAP + ASCENT * f
    middle = mark.y + (ASCENT - DESCENT) * f / 2
    right, left = mark.x + r + GAP, mark.x - r - GAP
    return [
        ("above", "middle", mark.x, above),
        ("below", "middle", mark.x, below),
        ("right", "start", right, middle),
        ("left", "end", left, middle),
        ("above-right", "start", right, above),
        ("above-left", "end", left, above),
        ("below-right", "start", right, below),
        ("below-left", "end", left, below),
    ]


def _box(anchor: str, x: float, baseline: float, width: float) -> Box:
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return (left, baseline - ASCENT * PHONE_FONT, left + width, baseline + DESCENT * PHONE_FONT)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class _Grid:
    """Boxes bucketed by CELL-sized squares: a map of thousands of cities asks only its neighbours."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, box: Box) -> list[tuple[int, int]]:
        xs = range(int(box[0] // CELL), int(box[2] // CELL) + 1)
        return [(i, j) for i in xs for j in range(int(box[1] // CELL), int(box[3] // CELL) + 1)]

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(box)

    def meets(self, box: Box) -> bool:
        return any(_meets(box, other) for key in self._keys(box) for other in self.cells.get(key, ()))


def place(marks: list[Mark], *, width: float, height: float) -> list[Label]:
    """Each city's label, in the marks' order: the first free place of its candidates inside the
    map, the larger cities (larger radius) placed first; none free, left out."""
    taken = _Grid()
    for m in marks:
        taken.add((m.x - m.radius, m.y - m.radius, m.x + m.radius, m.y + m.radius))
        taken.add((m.x - BAR_HALF, m.y + BAR_TOP, m.x + BAR_HALF, m.y + BAR_BOTTOM))
    placed: dict[int, Label] = {}
    for m in sorted(marks, key=lambda m: -m.radius):
        w = text_width(m.name)
        for side, anchor, x, baseline in _candidates(m):
            box = _box(anchor, x, baseline, w)
            inside = box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height
            if inside and not taken.meets(box):
                taken.add(box)
                placed[m.key] = Label(m.key, round(x, 1), round(baseline, 1), anchor, side, True)
                break
        else:
            placed[m.key] = Label(m.key, m.x, round(m.y - m.radius - GAP, 1), "middle", "above", False)
    return [placed[m.key] for m in marks]
