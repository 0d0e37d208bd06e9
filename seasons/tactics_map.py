"""The hero tactics map an organiser chooses or draws for the campaign (docs/tactics.md T3.11),
as the organisers' doors show it: its terrains named in the reader's language, a fault of T3.11
worded (the world file's check names it: seasons/world/rules/check.py), and the map drawn as a
grid for the settings page's preview. The campaign keeps "" for classic-9, a shipped map's name,
or a drawing's rows one a line."""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.tactics.board import LETTERS, cell_name
from games.tactics.maps import DRAWN, MAPS, map_rows


def terrain_names() -> dict[str, str]:
    """Each terrain's name in the reader's language (T3.4), keyed as the engine names them."""
    return {
        "plain": pgettext("terrain", "plain"),
        "mountain": pgettext("terrain", "mountain"),
        "water": pgettext("terrain", "water"),
        "forest": pgettext("terrain", "forest"),
        "base": pgettext("terrain", "base"),
    }


def map_fault_words(fault: str, params: dict[str, Any]) -> str:
    """A drawing's first fault of T3.11 (games/tactics/maps.py `map_fault`) in the reader's words."""
    names = terrain_names()
    words = {k: names.get(v, v) if k in ("terrain", "other") else v for k, v in params.items()}
    if isinstance(words.get("names"), (tuple, list)):
        words["names"] = ", ".join(words["names"])
    faults = {
        "empty": _("it has no rows."),
        "size": _("a drawn map has at most 26 rows of 26 files."),
        "name": _("no map is named “%(name)s” (the maps: %(names)s); or draw one, a row a line."),
        "letter": _(
            "row %(row)s holds “%(letter)s”: a map's cells are . (plain), M (mountain), W (water), "
            "F (forest) and B (base)."
        ),
        "ragged": _("row %(row)s has %(files)s files and the top row %(width)s: a map is a rectangle."),
        "even": _(
            "it has %(files)s files, an even number: a map has an odd number, so that each base stands "
            "in the middle of its edge."
        ),
        "wide": _("it has %(files)s files: a map has at most 26 (a to z)."),
        "tall": _("it has %(rows)s rows: a drawn map has at most 26."),
        "bases": _(
            "the two bases (B) stand at %(first)s and %(second)s, the middles of the first and the last rows, "
            "and nowhere else."
        ),
        "spawns": _("each side has %(spawns)s spawn points on its edge: 3 heroes a side need at least %(least)s."),
        "mirror": _(
            "%(cell)s is %(terrain)s but %(opposite)s, its place after a half turn, is %(other)s: a map looks the "
            "same to both sides."
        ),
        "engine": "%(message)s",
    }
    return faults.get(fault, fault) % words


@dataclass(frozen=True)
class MapShown:
    """The campaign's hero tactics map as the settings page shows it."""

    choice: str  # a shipped map's name, or DRAWN
    rows_text: str  # the rows, one a line (a shipped map's: a drawing to start from)
    name: str  # the map's name in the reader's words
    grid: list[list[tuple[str, str, str, str]]]  # top row first: (cell, terrain, its name, its glyph)
    legend: list[tuple[str, str, str]]  # (terrain, name, glyph) of each terrain but the bases
    width: int
    height: int


def _glyph(terrain: str, name: str, row: int) -> str:
    """A cell's mark: nothing on plain, the base's side (1 先手, 2 後手), else its name's first letter."""
    if terrain == "base":
        return "1" if row == 1 else "2"
    return "" if terrain == "plain" else name[:1].upper()


def map_shown(kept: str) -> MapShown:
    """The kept map (its value on the campaign's row) for the page: its choice, rows and grid."""
    named = kept or "classic-9"
    rows = list(MAPS[named]) if named in MAPS else map_rows(kept)
    names = terrain_names()
    height = len(rows)
    grid = []
    for i, line in enumerate(rows):
        cells = [(cell_name(f, height - i), LETTERS[ch]) for f, ch in enumerate(line) if ch in LETTERS]
        grid.append([(cell, t, names[t], _glyph(t, names[t], height - i)) for cell, t in cells])
    drawn = named not in MAPS
    width = len(rows[0]) if rows else 0
    return MapShown(
        choice=DRAWN if drawn else named,
        rows_text="\n".join(rows),
        name=_("drawn, %(width)s × %(height)s") % {"width": width, "height": height} if drawn else named,
        grid=grid,
        legend=[(t, name, _glyph(t, name, 0)) for t, name in names.items() if t != "base"],
        width=width,
        height=height,
    )


def map_choices() -> list[tuple[str, str]]:
    """The select's options: the shipped maps, then a drawing."""
    return [*((name, name) for name in MAPS), (DRAWN, _("drawn below"))]
