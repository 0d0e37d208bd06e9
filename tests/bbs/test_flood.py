"""Every kind of a terminal's input is bounded, not only its keys: a flood of window changes
from one session is drawn a bounded number of times (once per BBS_RESIZE_INTERVAL_SECONDS,
the last size winning), so that another user's key is answered under it."""

import time

from django.test import override_settings

from ops.demo import DEMO_PASSWORD

CHANGES = 3_000  # the attack's: 3,000 window changes in 2 s froze every terminal for seconds
LAST = (100, 30)


def _session_of(bbs, username: str):
    """The server's session (bbs/session.py) of the user's one terminal."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = [s for s in list(bbs.sessions.open) if s.user.username == username and s.frame is not None]
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError(f"no session of {username}")


def _flood(terminal, changes: int, last: tuple[int, int]) -> None:
    """`changes` window changes sent at once (between 20×5 and 120×40), the last one `last`."""

    def send() -> None:
        for n in range(changes - 1):
            terminal.chan.change_terminal_size(*((20, 5) if n % 2 else (120, 40)))
        terminal.chan.change_terminal_size(*last)

    with terminal.lock:
        terminal.screen.resize(last[1], last[0])
    terminal.bbs.loop.loop.call_soon_threadsafe(send)


def _drawn_at(terminal, size: tuple[int, int]) -> bool:
    """The frame fills the window: its status line on the last row, its colour (and the top
    bar's) as wide as the window."""
    columns, rows = size
    with terminal.lock:
        screen = terminal.screen
        if (screen.columns, screen.lines) != size or "說明" not in screen.display[rows - 1]:
            return False
        bars = [screen.buffer[row][column].bg for row in (0, rows - 1) for column in (0, columns - 1)]
    return "default" not in bars and bars[0] == bars[1] and bars[2] == bars[3]


@override_settings(BBS_RESIZE_INTERVAL_SECONDS=1.0)
def test_a_flood_of_window_changes_is_drawn_a_bounded_number_of_times_at_the_last_size(bbs, bbs_world):
    """Security (one user freezes every terminal): 3,000 window changes from one session make
    a handful of redraws, not 3,000; its screen ends drawn at the last size, and another user's
    key is answered while the flood is taken in."""
    flooder = bbs.connect("caocao", DEMO_PASSWORD)
    other = bbs.connect("caoren", DEMO_PASSWORD)
    flooder.wait_for("曹操")
    before = other.wait_for("曹仁")
    session = _session_of(bbs, "caocao")
    drawn = session.frame.app.render_counter
    started = time.monotonic()
    _flood(flooder, CHANGES, LAST)
    other.type("down")
    deadline = time.monotonic() + 10
    while other.screen_text() == before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert other.screen_text() != before, "the other user's key was not answered"
    # the flood's last size: the status line on the 30th row, the top bar 100 columns wide
    deadline = time.monotonic() + 20
    while not _drawn_at(flooder, LAST) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _drawn_at(flooder, LAST), flooder.screen_text()
    assert (session.ctx.columns, session.ctx.rows) == LAST
    time.sleep(1.2)  # a change still held back would be drawn by now
    redraws = session.frame.app.render_counter - drawn
    # one redraw a second at most (the interval), and the first one at once
    assert redraws <= time.monotonic() - started + 2, f"{redraws} redraws for {CHANGES} window changes"
