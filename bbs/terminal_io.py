"""The bytes of one SSH channel to and from prompt_toolkit, in the connection's encoding (UTF-8
or Big5, chosen in the menu): an Input fed by the channel (no OS pipe: a paste of any size never
blocks the server) and the output's writer. Invalid bytes either way become a replacement
character, never an error; input beyond MAX_PENDING characters waiting to be read is dropped.
A window's changes of size, which a client may send by the thousand, are coalesced (Latest)."""

import asyncio
import codecs
import time
from collections.abc import Callable, Generator
from contextlib import contextmanager
from typing import Any

from prompt_toolkit.input.base import Input
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress

from bbs.big5 import big5_drawn

ENCODINGS = {"utf-8": "utf-8", "big5": "cp950"}  # Big5 as Windows and PCMan read it (CP950)
MAX_PENDING = 120_000  # characters waiting for the application; a flood beyond it is dropped
# Input a session may send: a budget of BUDGET units refilled at REFILL a second, a key costing
# KEY_COST and a pasted character one (a 100,000-character paste passes; a flood of keys is
# dropped past a few thousand a second, so that one session never holds the server's loop).
BUDGET, REFILL, KEY_COST = 300_000, 100_000, 50
PASTE_AT = 32  # characters arriving at once with no escape sequence: a paste, handed over as one
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"  # bracketed paste, as terminals send a paste


class ChannelInput(Input):
    """Keys parsed from what the channel received, handed to the application when it asks."""

    def __init__(self, encoding: str = "utf-8", on_flood: Callable[[], None] | None = None) -> None:
        self._budget = float(BUDGET)
        self._refilled = time.monotonic()
        self.on_flood = on_flood
        self._keys: list[KeyPress] = []
        self._parser = Vt100Parser(self._keys.append)
        self._callbacks: list[Callable[[], None]] = []
        self._closed = False
        self.dropped = 0  # characters dropped by the flood limit
        self.set_encoding(encoding)

    def set_encoding(self, encoding: str) -> None:
        self.encoding = encoding
        self._decoder = codecs.getincrementaldecoder(ENCODINGS[encoding])(errors="replace")

    def _afford(self, cost: int) -> bool:
        now = time.monotonic()
        self._budget = min(BUDGET, self._budget + (now - self._refilled) * REFILL)
        self._refilled = now
        if cost > self._budget:
            return False
        self._budget -= cost
        return True

    def feed(self, data: bytes) -> None:
        text = self._decoder.decode(data)
        pasted = len(text) >= PASTE_AT and "\x1b" not in text
        if not self._afford(len(text) if pasted else len(text) * KEY_COST):
            self.dropped += len(text)
            if self.on_flood is not None:
                self.on_flood()
            return
        if len(self._keys) + len(text) > MAX_PENDING:
            keep = max(MAX_PENDING - len(self._keys), 0)
            self.dropped += len(text) - keep
            text = text[:keep]
        if pasted:
            # A paste from a client that does not bracket it: one key, not one per character
            # (the editor inserts it at once; other screens ignore it).
            text = PASTE_START + text + PASTE_END
        if text:
            self._parser.feed(text)
        self._ready()

    def _ready(self) -> None:
        if self._callbacks:
            self._callbacks[-1]()

    def fileno(self) -> int:
        raise NotImplementedError("a channel has no file descriptor")

    def typeahead_hash(self) -> str:
        return f"channel-{id(self)}"

    def read_keys(self) -> list[KeyPress]:
        keys = self._keys[:]
        self._keys.clear()
        return keys

    def flush_keys(self) -> list[KeyPress]:
        self._parser.flush()
        return self.read_keys()

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        self._closed = True
        self._ready()

    @contextmanager
    def _nothing(self) -> Generator[None, None, None]:
        yield

    def raw_mode(self):
        return self._nothing()

    def cooked_mode(self):
        return self._nothing()

    @contextmanager
    def _attached(self, callback: Callable[[], None]) -> Generator[None, None, None]:
        self._callbacks.append(callback)
        try:
            if self._keys:
                callback()
            yield
        finally:
            self._callbacks.remove(callback)

    def attach(self, input_ready_callback: Callable[[], None]):
        return self._attached(input_ready_callback)

    @contextmanager
    def _detached(self) -> Generator[None, None, None]:
        saved = self._callbacks[:]
        self._callbacks.clear()
        try:
            yield
        finally:
            self._callbacks[:] = saved

    def detach(self):
        return self._detached()


class Latest:
    """A value a client may change thousands of times a second (its window's size), handed to
    `apply` at most once every `interval` seconds: a change after a quiet spell at once (on the
    loop's next turn), the changes after it together at the interval's end, the last one winning.
    Whatever their number, the work they cause (a redraw each) is bounded by the interval."""

    def __init__(self, apply: Callable[[Any], None], interval: float) -> None:
        self._apply = apply
        self._interval = interval
        self._value: Any = None
        self._timer: asyncio.TimerHandle | None = None
        self._last = float("-inf")
        self.applied = 0  # the values handed over (the changes were more)

    def set(self, value: Any) -> None:
        self._value = value
        if self._timer is None:
            loop = asyncio.get_running_loop()
            wait = max(self._last + self._interval - loop.time(), 0.0)
            self._timer = loop.call_later(wait, self._fire)

    def _fire(self) -> None:
        self._timer = None
        self._last = asyncio.get_running_loop().time()
        self.applied += 1
        self._apply(self._value)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class ChannelWriter:
    """The file prompt_toolkit's Vt100_Output writes to: text encoded for the channel."""

    def __init__(self, channel: Any, encoding: str = "utf-8") -> None:
        self._channel = channel
        self.set_encoding(encoding)

    def set_encoding(self, encoding: str) -> None:
        self._encoding = encoding
        self._codec = ENCODINGS[encoding]

    def write(self, data: str) -> None:
        if self._encoding == "big5":
            data = big5_drawn(data)  # as many columns as counted, in a terminal of double-byte cells
        try:
            self._channel.write(data.replace("\n", "\r\n").encode(self._codec, errors="replace"))
        except (BrokenPipeError, OSError):
            pass  # the channel closed under us: the session ends on its own

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        pass

    @property
    def encoding(self) -> str:
        return self._codec
