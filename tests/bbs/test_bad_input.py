"""Bad input: control sequences in a post are shown as text to another terminal, never sent raw;
a flood of keystrokes is dropped past the session's budget with a message while the other
sessions go on; a client that never completes the handshake is closed after the login timeout."""

import socket
import time

from django.conf import settings
from django.test import override_settings

from bbs.models import TerminalChoice
from forum.models import Board, Post
from forum.services.boards import thread_create
from ops.demo import DEMO_PASSWORD
from tests.bbs.terminal import BBS


def test_control_sequences_in_a_post_reach_another_terminal_as_visible_text(bbs, bbs_world):
    TerminalChoice.objects.create(user=bbs_world["曹仁"].user, language="en")
    board = Board.objects.get(city__name="許昌")
    thread = thread_create(actor=bbs_world["曹操"], board=board, title="告示", body="placeholder")
    # Text from before the site refused control characters (or written around the services):
    # an escape that would retitle the reader's window and clear their screen, a bidi override.
    Post.objects.filter(thread=thread).update(body="before \x1b]0;pwned\x07\x1b[2J after \u202egnp.exe")
    reader = bbs.connect("caoren", DEMO_PASSWORD)
    reader.wait_for("Leave the BBS")
    reader.type("enter")
    reader.wait_for("Owner")
    reader.type("2", "enter", "enter")
    reader.wait_for("告示")
    start = len(reader.raw)
    reader.type("enter")
    screen = reader.wait_for("after")
    assert "before ^[]0;pwned^G^[[2J after <U+202E>gnp.exe" in screen
    sent = bytes(reader.raw[start:])
    assert b"\x1b]0;pwned" not in sent and b"\x07" not in sent and "\u202e".encode() not in sent


def test_control_sequences_pasted_into_the_editor_are_refused_with_the_sites_message(bbs, bbs_world):
    TerminalChoice.objects.create(user=bbs_world["曹操"].user, language="en")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("Leave the BBS")
    terminal.type("enter")
    terminal.wait_for("Owner")
    terminal.type("2", "enter", "enter")
    terminal.wait_for("page 1/")
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    terminal.type("title", "tab")
    terminal.send(b"\x1b[200~text \x1b]0;pwned\x07 more\x1b[201~")  # a terminal's bracketed paste
    terminal.type("ctrl-x")
    terminal.wait_for("contains control characters")
    assert not Post.objects.filter(body__contains="pwned").exists()


def test_a_flood_of_keys_is_dropped_with_a_message_and_other_sessions_go_on(bbs, bbs_world):
    TerminalChoice.objects.create(user=bbs_world["曹操"].user, language="en")
    flooder = bbs.connect("caocao", DEMO_PASSWORD)
    other = bbs.connect("caoren", DEMO_PASSWORD)
    flooder.wait_for("Leave the BBS")
    other.wait_for("看板")
    for _chunk in range(50):
        flooder.send(b"\x1b[B\x1b[A" * 5_000)  # 500,000 arrow keys
    other.type("enter")
    started = time.monotonic()
    other.wait_for("許昌", timeout=10)
    assert time.monotonic() - started < 5
    flooder.wait_for("too fast")
    assert bbs.sessions.open and len(bbs.sessions.open) == 2


def test_a_client_that_never_completes_the_handshake_is_closed_after_the_login_timeout(transactional_db, redis_server):
    with override_settings(BBS_LOGIN_TIMEOUT_SECONDS=1):
        server = BBS(settings.VAR_DIR)
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as silent:
            silent.sendall(b"SSH-2.0-silent\r\n")  # then nothing: no key exchange, no log-in
            started = time.monotonic()
            while silent.recv(4096):
                pass  # the server's banner, its key exchange offer, then its close
            assert time.monotonic() - started < 8
    finally:
        server.stop()
