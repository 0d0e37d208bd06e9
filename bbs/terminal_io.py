"""The bytes of one SSH channel to and from prompt_toolkit, in the connection's encoding (UTF-8
or Big5, chosen in the menu): an Input fed by the channel (no OS pipe: a paste of any size never
blocks the server) and the output's writer. Invalid bytes either way become a replacement
character, never an error; input beyond MAX_PENDING characters waiting to be read is dropped.

Pastes: a terminal brackets a paste (`ESC[200~` … `ESC[201~`, asked for by prompt_toolkit's
renderer) and prompt_toolkit's parser makes it one key, however many packets it comes in; the
parser is left to it (nothing here touches what arrives between the marks). A client that does
not bracket (PCMan) sends a paste as a burst of characters: a run of PASTE_AT printable
characters or more, outside any bracketed paste, is handed to the parser bracketed, as one key;
the control characters in the burst (Tab, Enter, Ctrl-X) stay keys, as typed.
"""

import codecs
import re
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
PASTE_AT = 32  # printable characters arriving at once, outside a bracketed paste: an unbracketed paste
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"  # bracketed paste, as terminals send a paste
# A burst's control characters (C0 and DEL: Tab, Enter, Backspace, Ctrl-X …), which stay keys.
CONTROL = re.compile(r"([\x00-\x1f\x7f])")
ESCAPE_TAIL = 8  # an escape this near a packet's end may go on in the next (no paste guessed there)


class Parser(Vt100Parser):
    """prompt_toolkit's parser, saying whether it is inside a bracketed paste (which decides what a
    packet's characters are) or holds the start of an escape sequence, and cutting a paste held
    past a bound. What it reads of the toolkit's parser is pinned by tests/bbs/test_toolkit.py."""

    @property
    def pasting(self) -> bool:
        return self._in_bracketed_paste

    @property
    def holding(self) -> bool:
        """Whether characters wait for more (a lone Esc, an escape sequence the network cut short):
        the `prefix` its generator keeps between packets, what a flush would give as keys."""
        frame = getattr(self._input_parser, "gi_frame", None)
        return bool(frame is not None and frame.f_locals.get("prefix"))

    def paste_cut(self, most: int) -> int:
        """A paste held past `most` characters cut there (its last characters kept: they may start
        the end mark); the number of characters dropped."""
        if not self._in_bracketed_paste:
            return 0
        held, keep = self._paste_buffer, len(PASTE_END) - 1
        if len(held) <= most + keep:
            return 0
        self._paste_buffer = held[:most] + held[-keep:]
        return len(held) - len(self._paste_buffer)


def key_cost(text: str, pasting: bool) -> int:
    r"""What `text` costs of the budget: a character inside a bracketed paste one, any other
    (keys, escape sequences, the marks) KEY_COST; `pasting`: whether the parser is in a paste.

    >>> key_cost("ab", False), key_cost("ab", True), key_cost("\x1b[200~ab\x1b[201~q", False)
    (100, 2, 652)
    """
    cost, at = 0, 0
    while at < len(text):
        mark = PASTE_END if pasting else PASTE_START
        found = text.find(mark, at)
        end = len(text) if found < 0 else found + (0 if pasting else len(mark))
        cost += (end - at) * (1 if pasting else KEY_COST)
        if found >= 0 and pasting:
            cost += len(mark) * KEY_COST
            end += len(mark)
        at, pasting = end, not pasting
    return cost


def unbracketed_paste(text: str) -> tuple[str, int]:
    r"""A burst with no escape (a paste from a terminal that does not bracket, or keys typed faster
    than the network sends them) as the parser is to read it, and its cost: each run of printable
    characters bracketed (one key, a character's cost each), each control character a key.

    >>> unbracketed_paste("title\tbody")
    ('\x1b[200~title\x1b[201~\t\x1b[200~body\x1b[201~', 59)
    """
    parts, cost = [], 0
    for part in CONTROL.split(text):
        if not part:
            continue
        if CONTROL.fullmatch(part):
            parts.append(part)
            cost += KEY_COST
        else:
            parts.append(PASTE_START + part + PASTE_END)
            cost += len(part)
    return "".join(parts), cost


class ChannelInput(Input):
    """Keys parsed from what the channel received, handed to the application when it asks."""

    def __init__(self, encoding: str = "utf-8", on_flood: Callable[[], None] | None = None) -> None:
        self._budget = float(BUDGET)
        self._refilled = time.monotonic()
        self.on_flood = on_flood
        self._keys: list[KeyPress] = []
        self._parser = Parser(self._keys.append)
        self._escape_at_end = False  # the last packet ended in what may be an escape sequence's start
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

    def _flooded(self, characters: int) -> None:
        self.dropped += characters
        if self.on_flood is not None:
            self.on_flood()

    def feed(self, data: bytes) -> None:
        text = self._decoder.decode(data)
        if not text:
            return
        pasting = self._parser.pasting
        guessed = (
            not pasting and not self._escape_at_end and len(text) >= PASTE_AT and "\x1b" not in text
        )  # a burst: an unbracketed paste, or a quick hand's keys
        if guessed:
            parsed, cost = unbracketed_paste(text)
        else:
            parsed, cost = text, key_cost(text, pasting)
        if not self._afford(cost):
            self._flooded(len(text))
            return
        self._escape_at_end = "\x1b" in text[-ESCAPE_TAIL:]
        if len(self._keys) + len(text) > MAX_PENDING and not pasting:
            keep = max(MAX_PENDING - len(self._keys), 0)
            self._flooded(len(text) - keep)
            text = text[:keep]
            parsed = unbracketed_paste(text)[0] if guessed else text
        if parsed:
            self._parser.feed(parsed)
        cut = self._parser.paste_cut(MAX_PENDING)  # a bracketed paste held past the most kept
        if cut:
            self._flooded(cut)
        self._ready()

    @property
    def holding_escape(self) -> bool:
        """Whether the parser holds the start of an escape sequence (a lone Esc, or a sequence the
        network cut): only then has a flush a key to give."""
        return self._parser.holding

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
