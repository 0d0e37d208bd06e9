"""The screen diff of the frame's usual redraw: a key changed a few lines of a screen the size of
the last one. prompt_toolkit's diff (`renderer._output_screen_diff`) walks every line of both
screens, cell by cell up to each line's last; this one passes over a line that is the last
screen's (the very row a TextWindow lent to both, or equal cell for cell) at a glance, as the
toolkit would have written nothing for it, and diffs the others exactly as the toolkit does:
the loop over a changed line's cells, the cursor's moves and the attributes are its own code,
kept as it is. Any other redraw (the first, the last, a new width, a screen not full) is the
toolkit's own. tests/bbs/test_drawing.py diffs 300 random pairs of screens both ways: the same
bytes, the same cursor and style returned.

The code below is adapted from prompt_toolkit 3.0 (prompt_toolkit/renderer.py), under its
licence, kept in the comment that follows.
"""

# Copyright (c) 2014, Jonathan Slenders
# All rights reserved.
#
# Redistribution and use in source and binary forms, with or without modification,
# are permitted provided that the following conditions are met:
#
# * Redistributions of source code must retain the above copyright notice, this
#   list of conditions and the following disclaimer.
#
# * Redistributions in binary form must reproduce the above copyright notice, this
#   list of conditions and the following disclaimer in the documentation and/or
#   other materials provided with the distribution.
#
# * Neither the name of the {organization} nor the names of its
#   contributors may be used to endorse or promote products derived from
#   this software without specific prior written permission.
#
# THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
# ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
# WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
# DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR
# ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
# (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
# LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON
# ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
# (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
# SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

from prompt_toolkit.data_structures import Point
from prompt_toolkit.layout.screen import Char, Screen


def usual_redraw(previous_screen: Screen | None, is_done: bool, full_screen: bool, size, previous_width: int) -> bool:
    """Whether a redraw is the frame's usual one (the last screen drawn at the same width, full
    screen, the application not leaving), which `changed_lines_diff` draws."""
    return previous_screen is not None and not is_done and full_screen and previous_width == size.columns


class _Cursor:
    """The toolkit's diff's cursor and last style, with its moves and writes (its nested functions
    reset_attributes, move_cursor and output_char, kept as they are)."""

    def __init__(self, output, width: int, current_pos: Point, last_style: str | None, color_depth, attrs) -> None:
        self.output, self.width, self.current_pos, self.last_style = output, width, current_pos, last_style
        self.color_depth, self.attrs_for_style_string = color_depth, attrs

    def reset_attributes(self) -> None:
        self.output.reset_attributes()
        self.last_style = None

    def move_cursor(self, new: Point) -> Point:
        output, width = self.output, self.width
        current_x, current_y = self.current_pos.x, self.current_pos.y
        if new.y > current_y:
            self.reset_attributes()
            output.write("\r\n" * (new.y - current_y))
            current_x = 0
            output.cursor_forward(new.x)
            return new
        elif new.y < current_y:
            output.cursor_up(current_y - new.y)
        if current_x >= width - 1:
            output.write("\r")
            output.cursor_forward(new.x)
        elif new.x < current_x or current_x >= width - 1:
            output.cursor_backward(current_x - new.x)
        elif new.x > current_x:
            output.cursor_forward(new.x - current_x)
        return new

    def output_char(self, char: Char) -> None:
        if self.last_style == char.style:
            self.output.write(char.char)
        else:
            new_attrs = self.attrs_for_style_string[char.style]
            if not self.last_style or new_attrs != self.attrs_for_style_string[self.last_style]:
                self.output.set_attributes(new_attrs, self.color_depth)
            self.output.write(char.char)
            self.last_style = char.style


def changed_lines_diff(
    app,
    output,
    screen: Screen,
    current_pos: Point,
    color_depth,
    previous_screen: Screen,
    last_style: str | None,
    is_done: bool,
    full_screen: bool,
    attrs_for_style_string,
    style_string_has_style,
    size,
    previous_width: int,
) -> tuple[Point, str | None]:
    """prompt_toolkit's diff of `previous_screen` to `screen` for a usual redraw (`usual_redraw`:
    not done, full screen, the width unchanged), passing over the lines that did not change. Its
    arguments are the toolkit's diff's."""
    height = size.rows
    cursor = _Cursor(output, size.columns, current_pos, last_style, color_depth, attrs_for_style_string)
    output.hide_cursor()
    current_height = min(screen.height, height)
    row_count = min(max(screen.height, previous_screen.height), height)
    new_rows, old_rows, escapes = screen.data_buffer, previous_screen.data_buffer, screen.zero_width_escapes
    for y in range(row_count):
        new_row, previous_row = new_rows.get(y), old_rows.get(y)
        if new_row is not None and (new_row is previous_row or new_row == previous_row):
            continue  # the toolkit writes nothing for it (its escapes go out only with a changed cell)
        if new_row is None:
            new_row = new_rows[y]  # (a line nothing drew in: the screen's blank, as the toolkit reads it)
        if previous_row is None:
            previous_row = old_rows[y]
        _diff_line(cursor, y, new_row, previous_row, escapes.get(y) or {}, style_string_has_style)
    if current_height > previous_screen.height:
        cursor.current_pos = cursor.move_cursor(Point(x=0, y=current_height - 1))
    cursor.current_pos = cursor.move_cursor(screen.get_cursor_position(app.layout.current_window))
    cursor.reset_attributes()
    if screen.show_cursor:
        output.show_cursor()
    return cursor.current_pos, cursor.last_style


def _diff_line(cursor: _Cursor, y: int, new_row, previous_row, zero_width_escapes_row, style_string_has_style) -> None:
    """One changed line, as the toolkit's loop over its cells draws it."""

    def get_max_column_index(row: dict[int, Char]) -> int:
        numbers = (index for index, cell in row.items() if cell.char != " " or style_string_has_style[cell.style])
        return max(numbers, default=0)

    width = cursor.width
    new_max_line_len = min(width - 1, get_max_column_index(new_row))
    previous_max_line_len = min(width - 1, get_max_column_index(previous_row))
    c = 0
    while c <= new_max_line_len:
        new_char = new_row[c]
        old_char = previous_row[c]
        char_width = new_char.width or 1
        if new_char.char != old_char.char or new_char.style != old_char.style:
            cursor.current_pos = cursor.move_cursor(Point(x=c, y=y))
            if c in zero_width_escapes_row:
                cursor.output.write_raw(zero_width_escapes_row[c])
            cursor.output_char(new_char)
            cursor.current_pos = Point(x=cursor.current_pos.x + char_width, y=cursor.current_pos.y)
        c += char_width
    if new_max_line_len < previous_max_line_len:
        cursor.current_pos = cursor.move_cursor(Point(x=new_max_line_len + 1, y=y))
        cursor.reset_attributes()
        cursor.output.erase_end_of_line()
