"""R1.4 The war map's names (cities/labels.py): on a crowded map every name written covers no
other name, circle or wall bar and stays inside the map; those with no free place are left out
(their city's title names them), never drawn over another."""

import random

from cities.labels import ASCENT, BAR_BOTTOM, BAR_HALF, BAR_TOP, DESCENT, PHONE_FONT, Mark, place, text_width


def _box(mark: Mark, label) -> tuple[float, float, float, float]:
    width = text_width(mark.name)
    left = {"start": label.x, "middle": label.x - width / 2, "end": label.x - width}[label.anchor]
    return (left, label.y - ASCENT * PHONE_FONT, left + width, label.y + DESCENT * PHONE_FONT)


def _meets(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_r1_4_a_crowded_map_writes_only_names_that_cover_nothing():
    rng = random.Random(41)
    marks = [
        Mark(
            i, f"城{i}" if i % 3 else f"Fort {i}", rng.uniform(70, 930), rng.uniform(70, 530), rng.choice((13.0, 20.0))
        )
        for i in range(60)
    ]
    labels = place(marks, width=1000.0, height=600.0)
    shown = [(m, _box(m, label)) for m, label in zip(marks, labels, strict=True) if label.shown]
    drawn = [(m.x - m.radius, m.y - m.radius, m.x + m.radius, m.y + m.radius) for m in marks]
    drawn += [(m.x - BAR_HALF, m.y + BAR_TOP, m.x + BAR_HALF, m.y + BAR_BOTTOM) for m in marks]
    assert 10 < len(shown) < len(marks), "a crowded map writes some names and leaves some out"
    for i, (mark, box) in enumerate(shown):
        assert 0 <= box[0] and box[2] <= 1000 and 0 <= box[1] and box[3] <= 600, mark.name
        assert not any(_meets(box, other) for other in drawn), mark.name
        assert not any(_meets(box, other) for _m, other in shown[i + 1 :]), mark.name


def test_r1_4_a_lone_city_s_name_is_above_it_as_before():
    (label,) = place([Mark(1, "洛陽", 500.0, 300.0, 13.0)], width=1000.0, height=600.0)
    assert (label.side, label.anchor, label.x, label.shown) == ("above", "middle", 500.0, True)
    assert label.y < 300.0 - 13.0
