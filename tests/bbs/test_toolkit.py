"""What the terminal relies on in prompt_toolkit's internals (bbs/toolkit.py), pinned: an upgrade
that moves it fails here, rather than in a hundred sessions drawing every cell again or each
session loading its own 600 key bindings. The bytes the wrapped diff writes are pinned in
tests/bbs/test_drawing.py."""

import doctest
import inspect

import prompt_toolkit.application.application as toolkit_application
import prompt_toolkit.renderer as toolkit_renderer
from prompt_toolkit.application.current import set_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import buffer_has_focus
from prompt_toolkit.input import DummyInput
from prompt_toolkit.key_binding.bindings.cpr import load_cpr_bindings
from prompt_toolkit.key_binding.bindings.mouse import load_mouse_bindings
from prompt_toolkit.key_binding.bindings.page_navigation import load_page_navigation_bindings
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.key_binding.key_bindings import ConditionalKeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.output import DummyOutput

from bbs import terminal_io
from bbs.frame_application import ESCAPE_WAIT, FrameApplication
from bbs.terminal_io import MAX_PENDING, PASTE_END, PASTE_START, Parser
from bbs.toolkit import shared_toolkit_bindings, split_on_focus


def test_the_renderer_looks_its_screen_diff_up_at_each_redraw_and_passes_what_the_frames_diff_takes():
    assert "_output_screen_diff" in toolkit_renderer.Renderer.render.__code__.co_names  # a module global
    diff = toolkit_renderer._output_screen_diff
    original = getattr(diff, "__wrapped__", diff)
    # the frame's diff (bbs/screen_diff.py) takes the same arguments, by these names
    assert list(inspect.signature(original).parameters) == [
        *("app", "output", "screen", "current_pos", "color_depth", "previous_screen"),
        *("last_style", "is_done", "full_screen", "attrs_for_style_string", "style_string_has_style"),
        *("size", "previous_width"),
    ]


# The toolkit's bindings for any focus: mouse events and cursor position reports.
MOUSE_AND_CURSOR_REPORTS = [
    binding.keys for binding in [*load_mouse_bindings().bindings, *load_cpr_bindings().bindings]
]


def editing_application() -> FrameApplication:
    """An application whose focus is in a text field (a Buffer), as the editor's."""
    return FrameApplication(layout=Layout(Window(BufferControl(Buffer()))), input=DummyInput(), output=DummyOutput())


def toolkit_bindings(app) -> list:
    """The toolkit's bindings (editing, paging) the application asks now, as the key processor does."""
    with set_app(app):
        return [*app._default_bindings.bindings, *app._page_navigation_bindings.bindings]


def test_applications_made_while_shared_share_the_toolkits_bindings_and_the_loaders_come_back():
    assert {"load_key_bindings", "load_page_navigation_bindings"} <= set(
        toolkit_application.Application.__init__.__code__.co_names
    )  # the constructor calls them as module globals
    loaders = toolkit_application.load_key_bindings, toolkit_application.load_page_navigation_bindings
    with shared_toolkit_bindings():
        first, second = editing_application(), editing_application()
    shared = toolkit_bindings(first)
    assert len(shared) > 300
    assert all(mine is theirs for mine, theirs in zip(shared, toolkit_bindings(second), strict=True))
    assert (toolkit_application.load_key_bindings, toolkit_application.load_page_navigation_bindings) == loaders
    third = editing_application()
    assert not {id(binding) for binding in toolkit_bindings(third)} & {id(binding) for binding in shared}


def test_the_toolkits_defaults_are_split_where_the_toolkit_makes_them_conditional_on_a_focused_buffer():
    """What `split_on_focus` reads of `load_key_bindings()` and `load_page_navigation_bindings()`:
    merges of parts, the editing and paging ones in a ConditionalKeyBindings on `buffer_has_focus`."""
    for loader in (load_key_bindings, load_page_navigation_bindings):
        bindings = loader()
        parts = getattr(bindings, "registries", [bindings])
        conditional = [p for p in parts if isinstance(p, ConditionalKeyBindings) and p.filter is buffer_has_focus]
        assert len(conditional) == 1 and len(conditional[0].key_bindings.bindings) > 10
    editing, always = split_on_focus(load_key_bindings())
    assert len(editing.bindings) > 300
    assert [binding.keys for binding in always.bindings] == MOUSE_AND_CURSOR_REPORTS


def test_the_shared_bindings_have_no_chords_so_esc_and_ctrl_x_wait_for_no_second_key():
    """No binding of the toolkit's starts a chord (Esc d, Ctrl-X Ctrl-E …), and
    a lone Esc is a key after ESCAPE_WAIT, not prompt_toolkit's half second."""
    with shared_toolkit_bindings():
        app = editing_application()
    toolkit = toolkit_bindings(app)
    assert len(toolkit) > 300 and all(len(binding.keys) == 1 for binding in toolkit)
    assert app.ttimeoutlen == ESCAPE_WAIT <= 0.1


def test_on_a_list_a_key_is_matched_against_none_of_the_toolkits_editing_bindings():
    """With no text field in focus (a list: most screens) the toolkit's editing and paging
    bindings are not asked at all (the toolkit's own would each have been, and said no): ↓ on the
    main menu is matched against the frame's and the list's bindings only."""
    with shared_toolkit_bindings():
        app = FrameApplication(
            layout=Layout(Window(FormattedTextControl("> 許昌", focusable=True))),
            input=DummyInput(),
            output=DummyOutput(),
        )
    assert [binding.keys for binding in toolkit_bindings(app)] == MOUSE_AND_CURSOR_REPORTS


def test_the_parser_says_when_it_is_in_a_bracketed_paste_and_a_paste_past_the_most_is_cut():
    """What bbs/terminal_io.py reads of prompt_toolkit's parser (`_in_bracketed_paste`,
    `_paste_buffer`, its generator's `prefix`), pinned; and the doctests of the paste's costs there."""
    keys: list = []
    parser = Parser(keys.append)
    parser.feed(PASTE_START + "曹操\r" * 10)
    assert parser.pasting and not keys
    parser.feed("x" * (MAX_PENDING + 100) + PASTE_END[:3])
    assert parser.paste_cut(MAX_PENDING) == 30 + 100 + 3 - 5  # its last 5 kept: "xx\\x1b[2"
    parser.feed(PASTE_END[3:] + "q")
    assert not parser.pasting
    assert [key.data for key in keys] == ["曹操\r" * 10 + "x" * (MAX_PENDING - 30) + "x" * 2, "q"]
    assert not parser.holding
    parser.feed("\x1b")  # a lone Esc, or the start of a sequence: held for more
    assert parser.holding
    parser.feed("[B")
    assert not parser.holding and keys[-1].key == Keys.Down
    parser.feed("\x1b[A")
    assert not parser.holding and keys[-1].key == Keys.Up
    assert doctest.testmod(terminal_io).failed == 0
