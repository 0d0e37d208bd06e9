"""The terminal in several processes: BBS processes serve one port (SO_REUSEPORT), the
caps of sessions per user and connections per address are counted in Redis for all of them (a
session ended in one frees its place in the others; a process killed leaves its sessions counted
only until they lapse, three beats), and notices and live games reach a session whatever process
holds it (they pass through the channel layer on Redis). The second process is a forked child
(tests/bbs/processes.py); the first is the test process's server (tests/bbs/terminal.py)."""

import time

import asyncssh
import pytest
import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings as django_settings

from bbs.caps import user_key
from campaign.services.notices import officer_group
from ops.demo import DEMO_PASSWORD, demo_usernames
from tests.bbs.processes import ForkedBBS
from tests.bbs.terminal import BBS
from tests.bbs.test_games_live import open_live, play, playing


@pytest.fixture
def second(transactional_db, redis_server, bbs_world):
    """A second BBS process on a port of its own (forked before the test process's server starts)."""
    server = ForkedBBS(django_settings.VAR_DIR)
    yield server
    server.stop()


@pytest.fixture
def quick_beat(settings):
    settings.BBS_HEARTBEAT_SECONDS = 0.3  # before the servers start (the child inherits it)


def bbs_world_user(username: str) -> int:
    from django.contrib.auth.models import User

    return User.objects.get(username=username).pk


def refused(terminal) -> None:
    terminal.wait_for("已達上限")  # the most one may have
    assert terminal.wait_closed()


@pytest.fixture
def two_per_user(settings):
    settings.BBS_SESSIONS_PER_USER = 2


def test_the_cap_of_sessions_per_user_counts_every_process_and_a_session_ended_frees_its_place(
    two_per_user, second, bbs
):
    here = bbs.connect("caocao", DEMO_PASSWORD)
    there = second.connect("caocao", DEMO_PASSWORD)
    here.wait_for("曹操")
    there.wait_for("曹操")
    refused(bbs.connect("caocao", DEMO_PASSWORD))  # two open, one in each process
    bbs.connect("caoren", DEMO_PASSWORD).wait_for("曹仁")  # another user is not counted with them
    there.close()  # its place is free again, in this process too
    counted = redis.Redis.from_url(django_settings.REDIS_URL)
    deadline = time.monotonic() + 5
    while counted.zcard(user_key(bbs_world_user("caocao"))) > 1 and time.monotonic() < deadline:
        time.sleep(0.1)  # (the release is on its way: a moment at most)
    bbs.connect("caocao", DEMO_PASSWORD).wait_for("曹操")
    here.type("down")
    assert not here.closed.is_set()


@pytest.fixture
def two_per_address(settings):
    settings.BBS_SESSIONS_PER_ADDRESS = 2


def test_the_cap_of_connections_per_address_counts_every_process(two_per_address, second, bbs):
    bbs.connect("caocao", DEMO_PASSWORD).wait_for("曹操")
    second.connect("caoren", DEMO_PASSWORD).wait_for("曹仁")
    with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
        second.connect("guojia", DEMO_PASSWORD)
    with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
        bbs.connect("guojia", DEMO_PASSWORD)


@pytest.fixture
def one_per_user(settings):
    settings.BBS_SESSIONS_PER_USER = 1


def test_a_process_killed_leaves_its_sessions_counted_only_until_they_lapse(quick_beat, one_per_user, second, bbs):
    second.connect("caocao", DEMO_PASSWORD).wait_for("曹操")
    time.sleep(1)  # beats of the second process, its session's entry kept past its first lapse
    refused(bbs.connect("caocao", DEMO_PASSWORD))
    second.kill()  # no session of it is released: its entries lapse after three beats (0.9 s)
    time.sleep(1.5)
    bbs.connect("caocao", DEMO_PASSWORD).wait_for("曹操")


@pytest.fixture
def many_per_user(settings):
    settings.BBS_SESSIONS_PER_USER = 20


def test_two_processes_serve_one_port_and_each_takes_connections(many_per_user, transactional_db, bbs_world):
    second = ForkedBBS(django_settings.VAR_DIR)
    first = BBS(django_settings.VAR_DIR, port=second.port)  # SO_REUSEPORT: the same port, both listening
    try:
        users = demo_usernames()[:12]
        for username in users:
            first.connect(username, DEMO_PASSWORD)
        for terminal in first.terminals:
            terminal.wait_for("離開")
        here = len(first.sessions.open)
        # The kernel spreads connections by their addresses and ports: all twelve in one process
        # would happen once in 2,048 runs.
        assert 0 < here < len(users), here
    finally:
        first.stop()
        second.stop()


def test_a_notice_reaches_a_session_held_by_another_process(second, bbs_world):
    terminal = second.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("看板")
    message = {"type": "duties.notice", "kind": "new", "count": 1, "keys": [], "key": "call:1", "path": "/"}
    message["text"] = {"zh-hant": "漢中告急：守城叫陣", "en": "Hanzhong: a siege call"}
    deadline = time.monotonic() + 10
    while "漢中告急" not in terminal.screen_text() and time.monotonic() < deadline:
        async_to_sync(get_channel_layer().group_send)(officer_group(bbs_world["曹操"].pk), message)
        time.sleep(0.5)  # the session joins its officer's group within a second
    terminal.wait_for("漢中告急：守城叫陣")


@pytest.fixture
def game_and_second(transactional_db, redis_server):
    world, game = playing()
    server = ForkedBBS(django_settings.VAR_DIR)
    yield world, game, server
    server.stop()


def test_r11_3_a_live_game_between_terminals_held_by_two_processes(game_and_second, bbs):
    _world, _game, second = game_and_second
    red, black = open_live(bbs, "xuchu"), open_live(second, "weiyan")
    red.wait_for("紅 許褚")
    play(red, "炮二平五")
    black.wait_for("炮二平五")
    play(black, "馬８進７")
    red.wait_for("馬８進７")
