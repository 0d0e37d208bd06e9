"""The two places where the terminal changes prompt_toolkit's internals, both for a hundred
sessions on one event loop, and both pinned by tests/bbs/test_toolkit.py (an upgrade of
prompt_toolkit that moves what they rely on fails there, not in a session):

- `skip_unchanged_lines()` replaces the renderer's diff of two screens (`_output_screen_diff`,
  looked up as a module global at each redraw) for the frame's usual redraw by one that passes
  over the lines that did not change (bbs/screen_diff.py, the toolkit's own code for the lines
  that did); any other redraw is the toolkit's. The escapes written are the toolkit's.
- `shared_toolkit_bindings()` gives every Application the same editing and page-navigation key
  bindings (`load_key_bindings`, `load_page_navigation_bindings`, looked up as module globals
  by the Application's constructor) instead of 600 new ones each; and only their one-key
  bindings (`single_keys`). The chords (Emacs's Esc b, Esc d, Ctrl-X Ctrl-E…; Vi's) are left
  out: the BBS's keys are single keys, as PTT's, and while a chord's first key was pending
  prompt_toolkit waited for a second one (`timeoutlen`, a second) and took the next key into
  it: Esc and Ctrl-X answered after 1.5 s, and Esc then d was Emacs's kill-word, the d lost.
"""

from collections.abc import Generator
from contextlib import contextmanager
from functools import cache

import prompt_toolkit.application.application as toolkit_application
import prompt_toolkit.renderer as toolkit_renderer
from prompt_toolkit.filters import buffer_has_focus
from prompt_toolkit.key_binding import DynamicKeyBindings, KeyBindings, merge_key_bindings
from prompt_toolkit.key_binding.bindings.page_navigation import load_page_navigation_bindings
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.key_binding.key_bindings import ConditionalKeyBindings, KeyBindingsBase
from prompt_toolkit.layout.screen import Screen

from bbs.screen_diff import changed_lines_diff, usual_redraw


def skip_unchanged_lines() -> None:
    """prompt_toolkit's screen diff, drawing a usual redraw's changed lines only (once per process;
    bbs/screen_diff.py)."""
    diff = toolkit_renderer._output_screen_diff
    if hasattr(diff, "__wrapped__"):
        return

    def output_screen_diff(
        app,
        output,
        screen: Screen,
        current_pos,
        color_depth,
        previous_screen,
        last_style,
        is_done,
        full_screen,
        attrs_for_style_string,
        style_string_has_style,
        size,
        previous_width,
    ):
        usual = usual_redraw(previous_screen, is_done, full_screen, size, previous_width)
        return (changed_lines_diff if usual else diff)(
            *(app, output, screen, current_pos, color_depth, previous_screen, last_style, is_done, full_screen),
            *(attrs_for_style_string, style_string_has_style, size, previous_width),
        )

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


def split_on_focus(bindings: KeyBindingsBase) -> tuple[KeyBindings, KeyBindings]:
    """prompt_toolkit's default bindings (a merge of parts, some conditional on a Buffer having the
    focus) as two sets of one-key bindings: those for a focused Buffer, and the rest."""
    parts = getattr(bindings, "registries", [bindings])
    focused = [p for p in parts if isinstance(p, ConditionalKeyBindings) and p.filter is buffer_has_focus]
    rest = [p for p in parts if p not in focused]
    return (
        single_keys(merge_key_bindings([p.key_bindings for p in focused])),
        single_keys(merge_key_bindings(rest)),
    )


@cache
def _toolkit_bindings() -> tuple[KeyBindings, KeyBindings, KeyBindings]:
    editing, always = split_on_focus(load_key_bindings())
    pages, _none = split_on_focus(load_page_navigation_bindings())
    return editing, always, pages


def while_a_buffer_has_focus(bindings: KeyBindings) -> KeyBindingsBase:
    """`bindings` when a Buffer has the focus, none otherwise: on a list (most screens) a key is
    matched against the frame's and the screen's bindings only, not against the toolkit's editing
    ones, each of whose filters would have been asked (a dozen for ↓, all saying no)."""
    return DynamicKeyBindings(lambda: bindings if buffer_has_focus() else None)


@contextmanager
def shared_toolkit_bindings() -> Generator[None, None, None]:
    """prompt_toolkit's own key bindings (the editing and page keys of every application: some
    600 bindings, most of a session's memory and of its start) loaded once for all sessions
    instead of once per application: they keep no state (each looks at the application it is
    called for). Each application asks them only while a Buffer has the focus, as the toolkit's
    own are conditional on it. The loaders are swapped in the module the Application
    constructor calls them from, for the constructor's length (synchronous, on the one event
    loop)."""
    saved = toolkit_application.load_key_bindings, toolkit_application.load_page_navigation_bindings
    editing, always, pages = _toolkit_bindings()
    toolkit_application.load_key_bindings = lambda: merge_key_bindings([while_a_buffer_has_focus(editing), always])
    toolkit_application.load_page_navigation_bindings = lambda: while_a_buffer_has_focus(pages)
    try:
        yield
    finally:
        toolkit_application.load_key_bindings, toolkit_application.load_page_navigation_bindings = saved
