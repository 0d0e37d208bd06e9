"""Every class of what an SSH client sends is bounded, not only its keys (bbs/inbound.py,
bbs/session.py): one user flooding window changes, environment requests or bytes neither
redraws their screen thousands of times nor keeps the server from another user's keys, and what
the server keeps for them stays small. Over real SSH, with the server's own objects read where a
count is what the user cannot see."""

import time

import pytest
from django.test import override_settings

from bbs.conf import setting
from bbs.inbound import BURST_SECONDS, MAX_ENV, SLICE, Budget
from ops.demo import DEMO_PASSWORD

# Floods load the machine and their bounds are timed: run apart from the other tests (docs/testing.md).
pytestmark = pytest.mark.alone

CHANGES = 3000
HELP_CLOSES = "按任意鍵關閉說明"  # the help's last line (zh-Hant, the demo officers' language)
FLOODED_KEY_SECONDS = 2.0
READ_AT_ONCE = 256 * 1024  # the most asyncio reads from a socket at once (selector_events' max_size)


def server_session(bbs, username: str):
    return next(session for session in bbs.sessions.open if session.user.username == username)


def flood_window_changes(terminal, count: int) -> None:
    """`count` window changes sent in one go, as a script would (each a packet of its own)."""

    def send() -> None:
        for n in range(count):
            terminal.chan.change_terminal_size(80 + n % 40, 24 + n % 10)

    terminal.bbs.loop.loop.call_soon_threadsafe(send)


def test_thousands_of_window_changes_draw_the_screen_a_few_times_at_the_last_size(bbs, bbs_world):
    """The screen is drawn again BBS_RESIZE_SECONDS after a change, less and less often while
    changes keep coming (they arrive over seconds: the connection's bytes are read within its
    budget), down to once per BBS_RESIZE_SLOWEST_SECONDS, never once a change, and ends at the
    last size."""
    flooder = bbs.connect("caocao", DEMO_PASSWORD)
    flooder.wait_for("曹操")
    before = len(flooder.raw)
    started = time.monotonic()
    flood_window_changes(flooder, CHANGES)
    last = (80 + (CHANGES - 1) % 40, 24 + (CHANGES - 1) % 10)
    deadline = time.monotonic() + 20
    session = server_session(bbs, "caocao")
    while (session.ctx.columns, session.ctx.rows) != last and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (session.ctx.columns, session.ctx.rows) == last
    time.sleep(0.5)  # the coalesced redraw, and any late one
    # 0.1 s, then 0.2, 0.4, 0.8 while they keep coming, then one a second at most
    most = 5 + (time.monotonic() - started) / setting("BBS_RESIZE_SLOWEST_SECONDS")
    assert 1 <= session.resizes_drawn <= most < CHANGES / 10
    # Each redraw for a new size sends the whole screen again (~4 kB): thousands would be megabytes.
    assert len(flooder.raw) - before < 5_000 * session.resizes_drawn


def test_a_window_of_four_billion_columns_is_drawn_at_the_largest_size(bbs, bbs_world):
    """A client may say any size up to 2**32 - 1: the screen is drawn at 500 × 200 at most, so that
    one drawing stays small, and the session goes on."""
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("曹操")
    terminal.bbs.loop.loop.call_soon_threadsafe(terminal.chan.change_terminal_size, 2**32 - 1, 2**32 - 1)
    session = server_session(bbs, "caocao")
    deadline = time.monotonic() + 10
    while (session.ctx.columns, session.ctx.rows) != (500, 200) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (session.ctx.columns, session.ctx.rows) == (500, 200)
    terminal.type("?")
    terminal.resize(80, 24)  # back to a size this test's screen shows: the help, drawn again
    terminal.wait_for(HELP_CLOSES, timeout=10)
    assert not terminal.closed.is_set()


def help_drawn_after(terminal) -> float:
    """Seconds from `terminal`'s ? to its help on the screen (waited for by the help's own last
    line: the menu shows ? and q in its bar already)."""
    started = time.monotonic()
    terminal.type("?")
    terminal.wait_for(HELP_CLOSES, timeout=20)
    return time.monotonic() - started


def test_another_users_key_is_answered_while_one_floods_window_changes(bbs, bbs_world):
    """An attacker's finding: 3,000 window changes from one session held another user's key for 4.7 s.
    While one floods 9,000, another's ? draws its help within FLOODED_KEY_SECONDS."""
    flooder = bbs.connect("caocao", DEMO_PASSWORD)
    other = bbs.connect("caoren", DEMO_PASSWORD)
    flooder.wait_for("曹操")
    other.wait_for("曹仁")
    flood_window_changes(flooder, CHANGES * 3)
    assert help_drawn_after(other) < FLOODED_KEY_SECONDS
    assert not other.closed.is_set() and not flooder.closed.is_set()


def test_a_client_sets_at_most_so_many_environment_variables_and_still_gets_its_session(bbs, bbs_world):
    terminal = bbs.connect("caocao", DEMO_PASSWORD, env={f"V{n}": "x" * 100 for n in range(1000)})
    terminal.wait_for("曹操")
    kept = server_session(bbs, "caocao").chan.get_environment_bytes()
    assert len(kept) == MAX_ENV


@override_settings(BBS_INPUT_BYTES_PER_SECOND=16384)
def test_a_connections_bytes_reach_the_server_within_its_budget_and_others_are_served_meanwhile(bbs, bbs_world):
    flooder = bbs.connect("caocao", DEMO_PASSWORD)
    other = bbs.connect("caoren", DEMO_PASSWORD)
    flooder.wait_for("曹操")
    other.wait_for("曹仁")
    metered = bbs.loop.call(_metered_of(bbs, "caocao"))
    sent = 2_000_000
    started, before = time.monotonic(), metered.delivered  # (the log-in's bytes went before)
    flooder.send(b"\x1b[A\x1b[B" * (sent // 6))  # keys, far past any budget
    other.type("?")
    other.wait_for("q", timeout=10)
    # The other user was served while most of the flood had not yet reached the server, which
    # took it within its budget (a burst of BURST_SECONDS, then 16 KiB a second) ...
    assert metered.delivered < sent / 2
    assert metered.delivered - before <= 16384 * (time.monotonic() - started + BURST_SECONDS) + SLICE
    # ... and kept no more of the rest than one read of its socket: the kernel and TCP hold it.
    assert len(metered.pending) <= READ_AT_ONCE + SLICE


async def _metered_of(bbs, username: str):
    session = server_session(bbs, username)
    return session.chan.get_extra_info("connection").data_received.__self__


@pytest.mark.parametrize(
    ("takes", "taken"),
    [
        ([(1500, 0.0), (1000, 0.0)], [1500, 500]),  # the burst, then what is left of it
        ([(2000, 0.0), (500, 0.25)], [2000, 250]),  # refilled at the rate
        ([(2000, 0.0), (5000, 100.0)], [2000, 2000]),  # never more than the burst saved up
    ],
)
def test_the_budget_refills_at_its_rate_up_to_its_burst(takes, taken):
    budget = Budget(rate=1000, burst=2.0, now=0.0)
    assert [budget.take(wanted, now=at) for wanted, at in takes] == taken
