"""Every session has an idle timeout and a cap per user and per address (settings); a window
below 80×24 is told so (20×5 does not crash) and the screen is redrawn on resize."""

import asyncssh
import pytest
from django.test import override_settings

from ops.demo import DEMO_PASSWORD


@override_settings(BBS_SESSIONS_PER_USER=2)
def test_a_user_past_their_cap_of_sessions_is_told_so_and_closed_while_the_others_stay(bbs, bbs_world):
    first = bbs.connect("caocao", DEMO_PASSWORD)
    second = bbs.connect("caocao", DEMO_PASSWORD)
    first.wait_for("曹操")
    second.wait_for("曹操")
    third = bbs.connect("caocao", DEMO_PASSWORD)
    third.wait_for("已達上限")  # the most one may have
    assert third.wait_closed()
    other = bbs.connect("caoren", DEMO_PASSWORD)  # another user is not counted with them
    other.wait_for("曹仁")
    first.type("down")
    assert not first.closed.is_set()


@override_settings(BBS_SESSIONS_PER_ADDRESS=2)
def test_an_address_past_its_cap_of_connections_is_disconnected_before_log_in(bbs, bbs_world):
    bbs.connect("caocao", DEMO_PASSWORD).wait_for("曹操")
    bbs.connect("caoren", DEMO_PASSWORD).wait_for("曹仁")
    with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
        bbs.connect("guojia", DEMO_PASSWORD)


@override_settings(BBS_IDLE_SECONDS=1.5)
def test_a_session_without_a_key_for_the_idle_timeout_is_closed_with_a_message(bbs, bbs_world):
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("曹操")
    terminal.wait_for("閒置逾時", timeout=10)  # the idle timeout
    assert terminal.wait_closed()


def test_a_window_of_20_by_5_is_told_the_size_needed_and_80_by_24_draws_again(bbs, bbs_world):
    terminal = bbs.connect("caocao", DEMO_PASSWORD, columns=20, rows=5)
    terminal.wait_for("80×24")
    terminal.type("down", "x", "enter", "?")  # keys in a small window change nothing and break nothing
    terminal.resize(80, 24)
    terminal.wait_for("曹操")
    terminal.resize(30, 10)
    terminal.wait_for("30×10")
