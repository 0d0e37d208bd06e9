"""How the war's screens draw a kingdom, a wall and a countdown: the kingdom's colour is a style
only when it is a #rrggbb colour (an organiser's text never becomes a style of its own); a wall's
bar is in proportion to its maximum, with a wall above zero never drawn empty nor one below its
maximum full; a countdown never goes below zero; a cut line never holds half a wide character."""

from datetime import UTC, datetime, timedelta

from bbs.text import width
from campaign.models import Kingdom
from screens.war.look import NEUTRAL, bar, clip, countdown, kingdom_style


def filled(fragments) -> int:
    return sum(len(text) for style, text in fragments if "c8a050" in style)


def test_a_kingdoms_colour_is_its_style_and_anything_else_is_drawn_neutral():
    assert kingdom_style(Kingdom(colour="#2f5d9e")) == "fg:#2f5d9e bold"
    for colour in ("red bold blink", "#2f5d9e reverse", "", "#12345"):
        assert kingdom_style(Kingdom(colour=colour)) == f"fg:{NEUTRAL} bold"
    assert kingdom_style(None) == f"fg:{NEUTRAL} bold"


def test_a_walls_bar_is_in_proportion_to_its_maximum():
    assert filled(bar(800, 800, 10)) == 10
    assert filled(bar(400, 800, 10)) == 5
    assert filled(bar(1, 800, 10)) == 1  # a standing wall shows
    assert filled(bar(799, 800, 10)) == 9  # a damaged one is not full
    assert filled(bar(0, 800, 10)) == 0
    assert sum(len(text) for _style, text in bar(123, 800, 10)) == 10


def test_a_countdown_counts_hours_minutes_and_seconds_and_stops_at_zero():
    now = datetime(2026, 5, 1, 2, 0, tzinfo=UTC)
    assert countdown(now + timedelta(hours=13, minutes=4, seconds=5), now) == "13:04:05"
    assert countdown(now - timedelta(seconds=5), now) == "0:00:00"
    assert countdown(None, now) == ""


def test_a_cut_line_holds_no_half_of_a_wide_character():
    cut = clip([("", "許昌 "), ("fg:#2f5d9e", "魏國")], 7)
    assert "".join(text for _style, text in cut) == "許昌 魏"
    assert width("".join(text for _style, text in clip([("", "許昌許昌")], 5))) == 4


def test_in_16_colours_a_kingdom_takes_the_ansi_colour_of_its_hue():
    from prompt_toolkit.output.color_depth import ColorDepth

    def sixteen(colour):
        return kingdom_style(Kingdom(colour=colour), depth=ColorDepth.DEPTH_4_BIT)

    assert sixteen("#2f5d9e") == "fg:ansiblue bold"  # 魏 of the demo: grey by prompt_toolkit's nearest colour
    assert sixteen("#2e8b57") == "fg:ansigreen bold"
    assert sixteen("#b8402f") == "fg:ansired bold"
    assert sixteen("#888888") == "fg:ansigray bold"
    assert sixteen("not a colour") == "fg:ansigray bold"
