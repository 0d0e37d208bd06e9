"""What one SSH client may send, whatever it sends: every connection's bytes reach asyncssh a
slice at a time within a budget, so that no class of input (keys, window changes, environment
requests, signals, breaks, keepalives, ignored packets) lets one client hold the server's event
loop that every session shares.

- **Bytes.** A connection's received bytes are handed to asyncssh at most `SLICE` at a time (a
  few dozen packets: a couple of milliseconds of work, after which the loop serves the others),
  within `BBS_INPUT_BYTES_PER_SECOND` (a burst of `BURST_SECONDS` of it first). Past the budget
  the connection's reading is paused (the kernel's window, then TCP, hold the client back) and
  resumed once the budget has refilled. A key is a packet of some 40–100 bytes; a paste of
  100,000 characters (300 KB in UTF-8) arrives in about four seconds.
- **Environment.** A client may set at most `MAX_ENV` variables, of at most `MAX_ENV_BYTES` each;
  asyncssh keeps every one a client sends for the session's life.
- Window changes are bounded by the bytes above, and their redraws coalesced by the session
  (bbs/session.py: one redraw per `BBS_RESIZE_SECONDS`, whatever the number of changes, and
  less often while they keep coming).

asyncssh offers no hook for either: this is the one module that reaches into it (a connection's
`data_received` and a channel's `_process_env_request`, instance attributes that shadow the
class's methods, as asyncio and asyncssh look them up on the instance);
tests/bbs/test_inbound.py pins what is relied on.
"""

import asyncio
from collections.abc import Callable
from typing import Any

SLICE = 1024  # bytes handed to asyncssh at once (some 15 packets, a millisecond)
BURST_SECONDS = 2.0  # a quiet connection may send this many seconds of its budget at once
MAX_ENV = 64
MAX_ENV_BYTES = 4096


class Budget:
    """Bytes a connection may still send: `rate` a second, at most `rate × burst` saved up.
    `now` is an argument (the clock of the caller: asyncio's loop time).

    >>> budget = Budget(rate=1000, burst=2.0, now=0.0)
    >>> budget.take(1500, now=0.0), budget.take(1000, now=0.0)
    (1500, 500)
    >>> budget.wait(100, now=0.0)
    0.1
    >>> budget.take(1000, now=10.0)
    1000
    """

    def __init__(self, *, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.most = rate * burst
        self.left = self.most
        self.at = now

    def _refill(self, now: float) -> None:
        self.left = min(self.most, self.left + (now - self.at) * self.rate)
        self.at = now

    def take(self, wanted: int, *, now: float) -> int:
        """As many of `wanted` bytes as the budget allows now, taken from it."""
        self._refill(now)
        taken = max(0, min(wanted, int(self.left)))
        self.left -= taken
        return taken

    def wait(self, wanted: int, *, now: float) -> float:
        """Seconds until `wanted` bytes may be taken."""
        self._refill(now)
        return max(0.0, (min(wanted, self.most) - self.left) / self.rate)


class Metered:
    """A connection's bytes, between asyncio's transport and asyncssh's connection."""

    def __init__(self, conn: Any, rate: float) -> None:
        self.loop = asyncio.get_running_loop()
        self.conn = conn
        self.deliver: Callable[[bytes], None] = conn.data_received  # asyncssh's own, bound
        self.budget = Budget(rate=rate, burst=BURST_SECONDS, now=self.loop.time())
        self.pending = bytearray()
        self.scheduled = False
        self.paused = False
        self.delivered = 0  # bytes handed to asyncssh (read by the tests)

    def received(self, data: bytes) -> None:
        self.pending += data
        if not self.scheduled:
            self._drain()

    def _drain(self) -> None:
        self.scheduled = False
        if not self.pending or getattr(self.conn, "_transport", None) is None:
            return
        taken = self.budget.take(min(SLICE, len(self.pending)), now=self.loop.time())
        if taken:
            chunk = bytes(self.pending[:taken])
            del self.pending[:taken]
            self.delivered += taken
            self.deliver(chunk)
        if self.pending:
            self.scheduled = True
            wait = self.budget.wait(min(SLICE, len(self.pending)), now=self.loop.time())
            self.loop.call_later(wait, self._drain) if wait else self.loop.call_soon(self._drain)
        self._pause_if(bool(self.pending))  # read on once what was read is handed over

    def _pause_if(self, pause: bool) -> None:
        transport = getattr(self.conn, "_transport", None)
        if transport is None or pause == self.paused:
            return
        self.paused = pause
        transport.pause_reading() if pause else transport.resume_reading()


def meter(conn: Any, rate: float) -> Metered:
    """From now on `conn`'s received bytes go through a Metered (called in `connection_made`,
    before the first byte is read)."""
    metered = Metered(conn, rate)
    conn.data_received = metered.received
    return metered


def bound_environment(chan: Any) -> Any:
    """`chan` (a new SSHServerChannel) keeps at most MAX_ENV variables of MAX_ENV_BYTES each; a
    request past them is refused (the client is told no), its packet read and dropped."""
    accept = chan._process_env_request

    def bounded(packet: Any) -> bool:
        if len(chan.get_environment_bytes()) >= MAX_ENV or len(packet.get_remaining_payload()) > MAX_ENV_BYTES:
            return False  # the packet is left unread: asyncssh drops it with the request
        return accept(packet)

    chan._process_env_request = bounded
    return chan
