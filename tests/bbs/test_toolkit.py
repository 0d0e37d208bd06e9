"""What the terminal relies on in prompt_toolkit's internals (bbs/toolkit.py), pinned: an upgrade
that moves it fails here, rather than in a hundred sessions drawing every cell again or each
session loading its own 600 key bindings. The bytes the wrapped diff writes are pinned in
tests/bbs/test_drawing.py."""

import doctest
import inspect

import prompt_toolkit.application.application as toolkit_application
import prompt_toolkit.renderer as toolkit_renderer
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput

from bbs import terminal_io
from bbs.frame import ESCAPE_WAIT, FrameApplication
from bbs.terminal_io import MAX_PENDING, PASTE_END, PASTE_START, Parser
from bbs.toolkit import shared_toolkit_bindings


def test_the_renderer_looks_its_screen_diff_up_at_each_redraw_with_is_done_second_after_the_screens():
    assert "_output_screen_diff" in toolkit_renderer.Renderer.render.__code__.co_names  # a module global
    diff = toolkit_renderer._output_screen_diff
    original = getattr(diff, "__wrapped__", diff)
    parameters = list(inspect.signature(original).parameters)
    # the wrapper reads is_done as a keyword or as the second argument after previous_screen
    assert parameters[:8] == [
        *("app", "output", "screen", "current_pos", "color_depth", "previous_screen"),
        *("last_style", "is_done"),
    ]


def test_applications_made_while_shared_share_the_toolkits_bindings_and_the_loaders_come_back():
    assert {"load_key_bindings", "load_page_navigation_bindings"} <= set(
        toolkit_application.Application.__init__.__code__.co_names
    )  # the constructor calls them as module globals
    loaders = toolkit_application.load_key_bindings, toolkit_application.load_page_navigation_bindings
    with shared_toolkit_bindings():
        first = FrameApplication(input=DummyInput(), output=DummyOutput())
        second = FrameApplication(input=DummyInput(), output=DummyOutput())
    assert first._page_navigation_bindings is second._page_navigation_bindings
    assert first._default_bindings is second._default_bindings
    assert (toolkit_application.load_key_bindings, toolkit_application.load_page_navigation_bindings) == loaders
    third = FrameApplication(input=DummyInput(), output=DummyOutput())
    assert third._page_navigation_bindings is not first._page_navigation_bindings


def test_the_shared_bindings_have_no_chords_so_esc_and_ctrl_x_wait_for_no_second_key():
    """No binding of the toolkit's starts a chord (Esc d, Ctrl-X Ctrl-E …), and
    a lone Esc is a key after ESCAPE_WAIT, not prompt_toolkit's half second."""
    with shared_toolkit_bindings():
        app = FrameApplication(input=DummyInput(), output=DummyOutput())
    toolkit = [*app._default_bindings.bindings, *app._page_navigation_bindings.bindings]
    assert len(toolkit) > 300 and all(len(binding.keys) == 1 for binding in toolkit)
    assert app.ttimeoutlen == ESCAPE_WAIT <= 0.1


def test_the_parser_says_when_it_is_in_a_bracketed_paste_and_a_paste_past_the_most_is_cut():
    """What bbs/terminal_io.py reads of prompt_toolkit's parser (`_in_bracketed_paste`,
    `_paste_buffer`), pinned; and the doctests of the paste's costs there."""
    keys: list = []
    parser = Parser(keys.append)
    parser.feed(PASTE_START + "曹操\r" * 10)
    assert parser.pasting and not keys
    parser.feed("x" * (MAX_PENDING + 100) + PASTE_END[:3])
    assert parser.paste_cut(MAX_PENDING) == 30 + 100 + 3 - 5  # its last 5 kept: "xx\\x1b[2"
    parser.feed(PASTE_END[3:] + "q")
    assert not parser.pasting
    assert [key.data for key in keys] == ["曹操\r" * 10 + "x" * (MAX_PENDING - 30) + "x" * 2, "q"]
    assert doctest.testmod(terminal_io).failed == 0
