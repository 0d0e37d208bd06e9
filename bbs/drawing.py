"""Drawing a screen for less CPU a key, the same cells and bytes as prompt_toolkit's own.

A key on a list moves its cursor: two lines of twenty-four change. prompt_toolkit lays every
window out again cell by cell (with a mouse handler for each cell) and then diffs every cell of
every line, some 2,000 steps of Python a key, most of a key's cost with a hundred sessions on one
event loop. Two things here spare the lines that did not change:

- `TextWindow`, a Window of plain text lines (no scrolling, wrapping or margins: the frame's bars
  and the lists) that keeps each line's cells from the redraws before (a `Row`). A window as
  wide as the terminal lends its rows to the screen it draws on: a line drawn again as it was
  costs nothing (not even a copy), makes nothing new for the garbage collector to walk, and is
  the very row of the last screen, so the diff skips it at a glance. A narrower window copies
  its rows in (another may draw beside it on the same line). The cells are those the Window
  would draw (the same characters, the same style strings), and it is focusable, visible and
  placed as a Window is.
- `skip_unchanged_lines()` (bbs/toolkit.py, with the other changes made to prompt_toolkit's
  internals), around prompt_toolkit's diff of two screens: a line whose cells are the same as
  the last screen's is hidden from it, so it sends nothing for it.
"""

from collections import defaultdict
from collections.abc import Callable, Iterable

from prompt_toolkit.application.current import get_app
from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import StyleAndTextTuples, to_formatted_text
from prompt_toolkit.formatted_text.utils import split_lines
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.screen import _CHAR_CACHE, Char, WritePosition
from prompt_toolkit.utils import to_str

TRANSPARENT = "[transparent]"  # the style of a screen's cell nothing was drawn in
BLANK = _CHAR_CACHE[" ", TRANSPARENT]  # a screen's cell nothing was drawn in


class Row(dict[int, Char]):
    """A line's cells as a TextWindow keeps them from one redraw to the next, lent to the screens
    it draws on: read only, since a change made to it on one screen would show on every later one
    (prompt_toolkit's screens write their rows in place: nothing in the frame draws over a
    TextWindow, and this says so loudly if something ever does). A column it lacks reads blank,
    as a screen's own row does, without being added."""

    __slots__ = ()

    def __missing__(self, x: int) -> Char:
        return BLANK

    def _read_only(self, *args, **kwargs):
        raise TypeError("a TextWindow's row is read only: it is kept for the redraws to come")

    __setitem__ = __delitem__ = update = setdefault = pop = popitem = clear = _read_only


class TextWindow(Window):
    """A Window over a FormattedTextControl whose text is drawn line by line from the lines'
    cells kept from the last redraws (those still shown; the others are let go)."""

    def __init__(self, text: Callable[[], StyleAndTextTuples] | str, focusable: bool = False, **kwargs) -> None:
        self.control = FormattedTextControl(text, focusable=focusable, show_cursor=False)
        super().__init__(self.control, wrap_lines=False, **kwargs)
        self._text = text
        self._rows: dict[tuple, Row] = {}  # (last line?, the line's fragments) → its cells
        self._drawn_for: tuple = ()  # where and in which style they were drawn
        self._drawn_text: StyleAndTextTuples | None = None
        self._drawn_rows: list[Row] = []

    def write_to_screen(self, screen, mouse_handlers, write_position, parent_style, erase_bg, z_index) -> None:
        wp = write_position
        if self.dont_extend_height():
            height = min(wp.height, self.preferred_height(wp.width, wp.height).preferred)
            wp = WritePosition(wp.xpos, wp.ypos, wp.width, height)
        if wp.height <= 0 or wp.width <= 0:
            return
        style = f"{parent_style} {to_str(self.style)}"
        if self._drawn_for != (wp.xpos, wp.width, wp.height, style):
            self._drawn_for, self._rows, self._drawn_text = (wp.xpos, wp.width, wp.height, style), {}, None
        text = to_formatted_text(self._text() if callable(self._text) else self._text)
        if text != self._drawn_text:  # else the same rows again (a bar or a list the key left as it was)
            self._drawn_text, self._drawn_rows = list(text), self._lines_of(text, wp, style)
        app = get_app()
        lend = wp.xpos == 0 and wp.width == app.output.get_size().columns
        buffer = screen.data_buffer
        for y, row in enumerate(self._drawn_rows, start=wp.ypos):
            drawn = buffer.get(y)
            if lend and drawn is None:
                buffer[y] = row
            elif type(drawn) is Row:  # drawn over a lent row (no frame does): a copy of it drawn on
                buffer[y] = copy = defaultdict(lambda: BLANK, drawn)
                dict.update(copy, row)
            else:
                buffer[y].update(row)
        screen.height = max(screen.height, wp.ypos + wp.height)
        screen.visible_windows_to_write_positions[self] = wp
        if app.layout.current_window is self:
            screen.set_cursor_position(self, Point(x=wp.xpos, y=wp.ypos))

    def _lines_of(self, text: StyleAndTextTuples, wp: WritePosition, style: str) -> list[Row]:
        """Each line's cells, from those kept where the line was drawn before."""
        lines = list(split_lines(text))[: wp.height]
        lines += [[]] * (wp.height - len(lines))
        kept: dict[tuple, Row] = {}
        rows = []
        last = len(lines) - 1
        for y, line in enumerate(lines):
            key = (y == last, tuple(line))
            row = kept.get(key) or self._rows.get(key)
            if row is None:
                row = line_cells(line, wp.xpos, wp.width, style, last=y == last)
            kept[key] = row
            rows.append(row)
        self._rows = kept
        return rows


def line_cells(line: Iterable[tuple], xpos: int, width: int, style: str, last: bool = False) -> Row:
    """The cells prompt_toolkit's Window draws for one line of fragments (no wrapping) in a
    window of this style: each character in the cell it starts in, a wide one's neighbours
    emptied, a zero-width one joined to the character before; cells with no character keep the
    screen's blank; the window's style before each cell's own, `class:last-line` after on its
    last line."""
    after = " class:last-line" if last else ""

    def styled(char: Char) -> Char:
        return _CHAR_CACHE[char.char, f"{style} {char.style}{after}"]

    cells: dict[int, Char] = dict.fromkeys(range(xpos, xpos + width), styled(BLANK))
    x = 0
    for fragment in line:
        fragment_style, text = fragment[0], fragment[1]
        full = f"{style} {fragment_style}{after}"
        for character in text:
            if character in Char.display_mappings:  # shown as text (^[), its class within
                char = styled(_CHAR_CACHE[character, fragment_style])
            else:
                char = _CHAR_CACHE[character, full]
            if x < width:
                cells[xpos + x] = char
                if char.width > 1:
                    for i in range(1, char.width):  # past the window's edge, the toolkit's blank unstyled
                        cells[xpos + x + i] = styled(_CHAR_CACHE["", ""]) if x + i < width else _CHAR_CACHE["", ""]
                elif char.width == 0 and x > 0:
                    before = cells[xpos + x - 1]
                    cells[xpos + x - 1] = _CHAR_CACHE[before.char + character, before.style]
            x += char.width
    return Row(cells)
