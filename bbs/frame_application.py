"""The frame's prompt_toolkit Application (bbs/frame.py makes one a session): what it does
differently for a hundred sessions on one event loop, each key as cheap as it can be (the
figures in docs/terminal.md, "The terminal's keystroke latency")."""

import asyncio
from collections.abc import Coroutine
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.key_binding.key_processor import KeyProcessor

from bbs.collector import collect_after_redraw

# How long a lone Esc waits for the rest of an escape sequence (prompt_toolkit's ttimeoutlen, 0.5 s
# by default, for a local terminal's reads): over SSH a key's sequence comes in one packet.
ESCAPE_WAIT = 0.05


class SingleKeyProcessor(KeyProcessor):
    """prompt_toolkit's key processor, for bindings of one key each: the BBS's keys are single keys,
    as PTT's (tests/bbs/test_keys_single.py reads every screen's), and the toolkit's are kept to
    theirs (bbs/toolkit.py). No key starts a longer one, so none is looked for: the toolkit's
    processor asked every binding set for bindings starting with the key, a walk of the layout
    and of the sets' versions, at every key."""

    def _is_prefix_of_longer_match(self, key_presses: list[KeyPress]) -> bool:
        return False


class FrameApplication(Application):
    """prompt_toolkit's Application, with the garbage collector's young generation collected
    after each redraw, once its bytes are sent (bbs/collector.py), and one empty Buffer kept for
    "the current buffer" while none has the focus (a list): the toolkit makes a new one each time
    it asks, a few times a key. It is emptied whenever a key typed or pasted on a list went into
    it, as a new one would be. A lone Esc is a key after ESCAPE_WAIT. No key waits for a second one
    (`timeoutlen` None: the BBS binds no chords, bbs/toolkit.py), so no key starts the key
    processor's timer task, cancelled by the next key (a task and a timer a key, for nothing), looks
    for no longer binding a key may start (`SingleKeyProcessor`), nor
    the flush task after it unless the key may be the start of an escape."""

    _no_buffer: Buffer | None = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(after_render=collect_after_redraw, **kwargs)
        self.key_processor = SingleKeyProcessor(self.key_processor._bindings)
        self.ttimeoutlen = ESCAPE_WAIT
        self.timeoutlen = None  # type: ignore[assignment]  # (its key processor reads None as "no wait")

    def create_background_task(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """prompt_toolkit starts a task after every packet of keys (`auto_flush_input`) to give,
        `ttimeoutlen` later, what its parser still holds: a lone Esc, kept in case more of an
        escape sequence follows. Over SSH a key's sequence comes whole in its packet, and the
        channel's input knows when a packet ended in what may be one (`holding_escape`): only
        then is the task started. Otherwise it would be a task, a timer and a wake-up a key, for
        nothing to flush."""
        flush = getattr(coroutine, "__name__", "") == "auto_flush_input"
        if flush and not getattr(self.input, "holding_escape", True):
            coroutine.close()
            return None  # type: ignore[return-value]  # (the toolkit keeps it as "no flush task yet")
        return super().create_background_task(coroutine)

    def invalidate(self) -> None:
        """A redraw asked for on the loop's own thread (every key's, every screen's) is scheduled
        with the loop's `call_soon`: prompt_toolkit's `invalidate` schedules it, and its
        `on_invalidate` event, with `call_soon_threadsafe`, each a write to the loop's self-pipe
        and a wake-up to read it, two system calls a key for nothing. From another thread, or with
        a minimum interval between redraws, it is prompt_toolkit's own."""
        try:
            here = asyncio.get_running_loop() is self.loop
        except RuntimeError:
            here = False
        if not here or self.min_redraw_interval or self.max_render_postpone_time is not None:
            super().invalidate()
            return
        if not self._is_running or self.loop is None or self.loop.is_closed() or self._invalidated:
            return
        self._invalidated = True
        self.loop.call_soon(self.on_invalidate.fire)
        self.loop.call_soon(self._redraw_now)

    def _redraw_now(self) -> None:
        self._invalidated = False
        self._redraw()

    @property
    def current_buffer(self) -> Buffer:
        focused = self.layout.current_buffer
        if focused is not None:
            return focused
        if self._no_buffer is None:
            self._no_buffer = Buffer(name="dummy-buffer")
        elif self._no_buffer.text:
            self._no_buffer.reset()
        return self._no_buffer
