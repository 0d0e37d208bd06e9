"""How the war's screens draw their facts: a kingdom in its colour (the kingdom's hex colour as a
prompt_toolkit style, which the output maps to the terminal's 256 or 16 colours), a wall as a
bar, a countdown, a time in the campaign's zone, and a line of fragments cut to the terminal.

A bar is coloured cells (spaces on a background), not block characters: █ and the like are
"ambiguous" East Asian width, one column in a Western terminal and two in a Big5 or CJK one, and
would push the rest of the line out of its columns there."""

import colorsys
import re
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from prompt_toolkit.application.current import get_app
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.output.color_depth import ColorDepth
from wcwidth import wcwidth

from bbs.text import fit, safe

HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
NEUTRAL = "#888888"  # a city of no kingdom, as the web's dashboard draws it
WALL_FILLED, WALL_EMPTY = "bg:#c8a050", "bg:#3a3a3a"


def kingdom_style(kingdom, depth: ColorDepth | None = None) -> str:
    """The kingdom's colour as a style (a colour that is not #rrggbb is drawn neutral: the field
    is an organiser's text, never a style of its own). A terminal of 16 colours (the session's
    colour depth, or `depth`) gets the ANSI colour of the same hue: prompt_toolkit's nearest
    colour by distance makes most kingdoms' muted colours one grey there."""
    colour = getattr(kingdom, "colour", "") or ""
    colour = colour if HEX.match(colour) else NEUTRAL
    if (depth or get_app().color_depth) == ColorDepth.DEPTH_4_BIT:
        colour = ansi_of(colour)
    return f"fg:{colour} bold"


ANSI_HUES = ["ansired", "ansiyellow", "ansigreen", "ansicyan", "ansiblue", "ansimagenta"]  # every 60°


def ansi_of(colour: str) -> str:
    """The ANSI colour of a #rrggbb colour's hue (grey when it has little colour)."""
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, saturation, value = colorsys.rgb_to_hsv(red, green, blue)
    if saturation < 0.2 or value < 0.2:
        return "ansigray"
    return ANSI_HUES[round(hue * 6) % 6]


def name(text: str, columns: int | None = None) -> str:
    """A name users gave (a city's, an officer's, a kingdom's), safe, fitted when `columns`."""
    shown = safe(text or "", newlines=False)
    return fit(shown, columns) if columns is not None else shown


def owner(kingdom, columns: int) -> tuple[str, str]:
    if kingdom is None:
        return f"fg:{NEUTRAL}", fit("-", columns)
    return kingdom_style(kingdom), name(kingdom.name, columns)


def bar(value: int, maximum: int, cells: int) -> StyleAndTextTuples:
    """`cells` cells, the filled part in proportion to value / maximum (a wall above zero shows
    at least one cell, a wall below its maximum at least one empty)."""
    if maximum <= 0:
        return [(WALL_EMPTY, " " * cells)]
    filled = round(cells * value / maximum)
    if value > 0:
        filled = max(filled, 1)
    if value < maximum:
        filled = min(filled, cells - 1)
    return [(WALL_FILLED, " " * filled), (WALL_EMPTY, " " * (cells - filled))]


def wall_line(city, cells: int = 30) -> StyleAndTextTuples:
    """A city's wall as its city and siege screens head it: the word, a bar of its maximum, the numbers."""
    return [
        ("class:dim", _("Wall") + " "),
        *bar(city.wall, city.wall_max, cells),
        ("", f" {city.wall} / {city.wall_max}"),
    ]


def countdown(until: datetime | None, now: datetime) -> str:
    """Time left as H:MM:SS (0:00:00 once past)."""
    if until is None:
        return ""
    left = max(int((until - now).total_seconds()), 0)
    hours, rest = divmod(left, 3600)
    return f"{hours}:{rest // 60:02}:{rest % 60:02}"


def local(moment: datetime | None, zone, pattern: str = "%m-%d %H:%M") -> str:
    return timezone.localtime(moment, zone).strftime(pattern) if moment is not None else ""


def stars(officer) -> str:
    return _("%(n)s stars") % {"n": officer.stars}


def clip(fragments: StyleAndTextTuples, columns: int) -> StyleAndTextTuples:
    """The fragments cut to `columns` columns (never half a wide character)."""
    out: StyleAndTextTuples = []
    used = 0
    for style, text, *_rest in fragments:
        kept: list[str] = []
        for char in text:
            w = max(wcwidth(char), 0)
            if used + w > columns:
                out.append((style, "".join(kept)))
                return out
            kept.append(char)
            used += w
        out.append((style, "".join(kept)))
    return out
