"""The terminal's keystroke latency: the frame's cheaper drawing (bbs/drawing.py) draws what
prompt_toolkit would: a TextWindow's cells are a Window's, character by character and style by
style (CJK two columns, control characters shown as text, a zero-width mark joined to its
letter), and the diff told only of the changed lines writes the same bytes to the terminal as the
toolkit's diff of every cell."""

import io
import random

import prompt_toolkit.renderer as toolkit_renderer
from prompt_toolkit.application import Application
from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Point, Size
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition
from prompt_toolkit.output.color_depth import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output
from prompt_toolkit.renderer import _StyleStringHasStyleCache, _StyleStringToAttrsCache

from bbs.drawing import TextWindow
from bbs.frame import STYLE
from bbs.frame_application import FrameApplication
from bbs.toolkit import skip_unchanged_lines

PIECES = ["城", "許昌", "a", "Z", " ", "推", "→", "★", "\x1b[31m", "\t", "e\u0301", "  ", "━━", "😀", "12"]
STYLES = ["", "class:cursor", "class:dim", "class:system", "#ff0000 bold", "class:unread"]


def random_lines(rng: random.Random, count: int) -> list:
    fragments = []
    for y in range(count):
        for _ in range(rng.randrange(0, 12)):
            fragments.append((rng.choice(STYLES), "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 5)))))
        if y < count - 1:
            fragments.append(("", "\n"))
    return fragments


APP = Application(layout=Layout(Window()), style=STYLE)  # the application the windows are drawn in


def drawn(window: Window, width: int, height: int, xpos: int = 0) -> Screen:
    screen = Screen()
    with set_app(APP):
        position = WritePosition(xpos, 1, width, height)
        window.write_to_screen(screen, MouseHandlers(), position, "class:parent", False, None)
    return screen


def test_a_text_window_draws_the_cells_a_window_draws():
    rng = random.Random(29)
    for _ in range(200):
        fragments = random_lines(rng, rng.randrange(0, 8))
        width, height, xpos = rng.randrange(5, 90), rng.randrange(1, 7), rng.randrange(0, 3)
        window = Window(FormattedTextControl(fragments), wrap_lines=False, style="class:top")
        theirs = drawn(window, width, height, xpos)
        ours = drawn(TextWindow(fragments, style="class:top"), width, height, xpos)
        for y in range(1, height + 1):
            assert dict(ours.data_buffer[y]) == dict(theirs.data_buffer[y]), (fragments, width, y)
        assert ours.height == theirs.height


def test_a_text_window_drawn_again_from_its_kept_lines_is_drawn_as_new():
    lines = [("", "1 許昌\n"), ("class:cursor", "> "), ("", "2 洛陽\n"), ("", "3 長安")]
    window = TextWindow(lambda: lines)
    first = drawn(window, 80, 5)
    lines[1:3] = [("", "  "), ("", "2 洛陽\n")]
    moved = drawn(window, 80, 5)
    fresh = drawn(TextWindow(lines), 80, 5)
    assert {y: dict(row) for y, row in moved.data_buffer.items()} == {
        y: dict(row) for y, row in fresh.data_buffer.items()
    }
    assert dict(first.data_buffer[2]) != dict(moved.data_buffer[2])


def screens(rng: random.Random, width: int, height: int) -> tuple[Screen, Screen]:
    """Two screens drawn as the frame draws them, the second some lines changed from the first."""
    lines = [random_lines(rng, 1) for _ in range(height)]
    before = HSplit([TextWindow(line, height=1) for line in lines])
    for y in rng.sample(range(height), rng.randrange(0, height + 1)):
        lines[y] = random_lines(rng, 1)
    after = HSplit([TextWindow(line, height=1) for line in lines])
    drawn_before, drawn_after = Screen(), Screen()
    with set_app(APP):
        for container, screen in ((before, drawn_before), (after, drawn_after)):
            container.write_to_screen(screen, MouseHandlers(), WritePosition(0, 0, width, height), "", False, None)
    return drawn_before, drawn_after


def diff_output(diff, app, previous: Screen, screen: Screen, size: Size, done: bool) -> tuple[bytes, tuple]:
    written = io.StringIO()
    output = Vt100_Output(written, lambda: size, term="xterm")
    attrs = _StyleStringToAttrsCache(STYLE.get_attrs_for_style_str, app.style_transformation)
    found = diff(app, output, screen, Point(0, 0), ColorDepth.DEPTH_8_BIT, previous, None, done, True, attrs,
                 _StyleStringHasStyleCache(attrs), size, size.columns)  # fmt: skip
    output.flush()
    return written.getvalue().encode(), found


def test_the_diff_told_only_of_changed_lines_writes_the_bytes_of_the_whole_diff():
    installed = toolkit_renderer._output_screen_diff  # (by a server started before, or the toolkit's own)
    original = getattr(installed, "__wrapped__", installed)
    toolkit_renderer._output_screen_diff = original
    skip_unchanged_lines()
    try:
        ours = toolkit_renderer._output_screen_diff
        assert ours is not original
        rng = random.Random(2007)
        changed = 0
        for _ in range(300):
            width, height = rng.randrange(20, 90), rng.randrange(1, 25)
            before, after = screens(rng, width, height)
            before_copy, after_copy = _copies(before, after)
            size = Size(rows=height, columns=width)
            done = rng.random() < 0.1  # the last redraw (the application leaving): all drawn again
            expected = diff_output(original, APP, before, after, size, done)
            rows = {y: row for y, row in after_copy.data_buffer.items()}
            assert diff_output(ours, APP, before_copy, after_copy, size, done) == expected
            changed += expected[0] != b""
            # the new screen keeps its lines: the next redraw is compared with them
            assert all(after_copy.data_buffer[y] is row for y, row in rows.items())
        assert changed > 100
    finally:
        toolkit_renderer._output_screen_diff = installed


def _copies(*drawn_screens: Screen) -> list[Screen]:
    copies = []
    for screen in drawn_screens:
        copy = Screen()
        for y, row in screen.data_buffer.items():
            copy.data_buffer[y].update(row)
        copy.height, copy.width = screen.height, screen.width
        copies.append(copy)
    return copies


def test_the_buffer_kept_for_a_list_is_one_and_empty_each_time_it_is_asked_for():
    """While a list has the focus, prompt_toolkit's 'current buffer' is the frame's one kept Buffer
    (not a new one a few times a key), and what a key typed or pasted into it is gone by the next
    time it is asked for, as with a new one."""
    app = FrameApplication(layout=Layout(TextWindow("1 許昌", focusable=True)))
    first = app.current_buffer
    assert app.current_buffer is first
    first.insert_text("pasted on a list")
    assert app.current_buffer is first and first.text == ""
