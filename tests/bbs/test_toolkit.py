"""What the terminal relies on in prompt_toolkit's internals (bbs/toolkit.py), pinned: an upgrade
that moves it fails here, rather than in a hundred sessions drawing every cell again or each
session loading its own 600 key bindings. The bytes the wrapped diff writes are pinned in
tests/bbs/test_drawing.py."""

import inspect

import prompt_toolkit.application.application as toolkit_application
import prompt_toolkit.renderer as toolkit_renderer
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput

from bbs.frame import FrameApplication
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
    assert first._default_bindings.registries[0] is second._default_bindings.registries[0]
    assert (toolkit_application.load_key_bindings, toolkit_application.load_page_navigation_bindings) == loaders
    third = FrameApplication(input=DummyInput(), output=DummyOutput())
    assert third._page_navigation_bindings is not first._page_navigation_bindings
