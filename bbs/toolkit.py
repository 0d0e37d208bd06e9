"""The two places where the terminal changes prompt_toolkit's internals, both for a hundred
sessions on one event loop, and both pinned by tests/bbs/test_toolkit.py (an upgrade of
prompt_toolkit that moves what they rely on fails there, not in a session):

- `skip_unchanged_lines()` wraps the renderer's diff of two screens (`_output_screen_diff`,
  looked up as a module global at each redraw): a line whose cells are the same as the last
  screen's is hidden from it (both sides empty), so it sends nothing for it, as it would have
  after comparing every cell. The escapes written are still the toolkit's.
- `shared_toolkit_bindings()` gives every Application the same editing and page-navigation key
  bindings (`load_key_bindings`, `load_page_navigation_bindings`, looked up as module globals
  by the Application's constructor) instead of 600 new ones each; and only their one-key
  bindings (`single_keys`). The chords (Emacs's Esc b, Esc d, Ctrl-X Ctrl-E…; Vi's) are left
  out: the BBS's keys are single keys, as PTT's, and while a chord's first key was pending
  prompt_toolkit waited for a second one (`timeoutlen`, a second) and took the next key into
  it: Esc and Ctrl-X answered after 1.5 s, and Esc then d was Emacs's kill-word, the d lost.
"""

from collections import defaultdict
from collections.abc import Generator
from contextlib import contextmanager
from functools import cache
from typing import Any

import prompt_toolkit.application.application as toolkit_application
import prompt_toolkit.renderer as toolkit_renderer
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.bindings.page_navigation import load_page_navigation_bindings
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.layout.screen import _CHAR_CACHE, Screen

from bbs.drawing import TRANSPARENT


def skip_unchanged_lines() -> None:
    """prompt_toolkit's screen diff, told only of the lines that changed (once per process)."""
    diff = toolkit_renderer._output_screen_diff
    if hasattr(diff, "__wrapped__"):
        return

    def output_screen_diff(app, output, screen: Screen, current_pos, color_depth, previous_screen, *args, **kwargs):
        hidden: list[tuple[int, Any, Any]] = []
        is_done = kwargs["is_done"] if "is_done" in kwargs else args[1]  # (the last redraw: all drawn again)
        if previous_screen is not None and previous_screen is not screen and not is_done:
            new, old = screen.data_buffer, previous_screen.data_buffer
            new_escapes, old_escapes = screen.zero_width_escapes, previous_screen.zero_width_escapes
            blank: Any = defaultdict(lambda: _CHAR_CACHE[" ", TRANSPARENT])  # the same on both sides
            for y in range(min(screen.height, previous_screen.height)):
                row = new.get(y)
                if row is not None and row == old.get(y) and not new_escapes.get(y) and not old_escapes.get(y):
                    hidden.append((y, row, old[y]))
                    new[y] = old[y] = blank
        try:
            return diff(app, output, screen, current_pos, color_depth, previous_screen, *args, **kwargs)
        finally:
            for y, row, old_row in hidden:
                screen.data_buffer[y], previous_screen.data_buffer[y] = row, old_row

    output_screen_diff.__wrapped__ = diff  # type: ignore[attr-defined]
    toolkit_renderer._output_screen_diff = output_screen_diff


def single_keys(bindings: KeyBindingsBase) -> KeyBindings:
    """The bindings of one key among `bindings`, with their filters and flags."""
    kept = KeyBindings()
    for binding in bindings.bindings:
        if len(binding.keys) == 1:
            kept.add(
                *binding.keys,
                filter=binding.filter,
                eager=binding.eager,
                is_global=binding.is_global,
                save_before=binding.save_before,
                record_in_macro=binding.record_in_macro,
            )(binding.handler)
    return kept


@cache
def _toolkit_bindings() -> tuple[Any, Any]:
    return single_keys(load_key_bindings()), single_keys(load_page_navigation_bindings())


@contextmanager
def shared_toolkit_bindings() -> Generator[None, None, None]:
    """prompt_toolkit's own key bindings (the editing and page keys of every application: some
    600 bindings, most of a session's memory and of its start) loaded once for all sessions
    instead of once per application: they keep no state (each looks at the application it is
    called for). The loaders are swapped in the module the Application constructor calls them
    from, for the constructor's length (synchronous, on the one event loop)."""
    saved = toolkit_application.load_key_bindings, toolkit_application.load_page_navigation_bindings
    editing, pages = _toolkit_bindings()
    toolkit_application.load_key_bindings = lambda: editing
    toolkit_application.load_page_navigation_bindings = lambda: pages
    try:
        yield
    finally:
        toolkit_application.load_key_bindings, toolkit_application.load_page_navigation_bindings = saved
