"""The BBS's fixtures: the demo world built at the real time (asyncssh's timers need a running
clock) and the real SSH server on a free port against the test database."""

import pytest
import redis
from django.conf import settings

from bbs.caps import PREFIX
from tests.bbs.terminal import BBS
from tests.worlds import make_world


@pytest.fixture
def bbs_world(transactional_db):
    """The demo world, committed (the server reads it from its own thread)."""
    return make_world()


def caps_cleared() -> None:
    """No session counted in the caps (bbs/caps.py) from an earlier test: a forked BBS process
    stopped by SIGTERM leaves its entries until they lapse (a minute), which a next test's cap
    of two per address would meet."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        keys = list(client.scan_iter(match=PREFIX + "*"))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


@pytest.fixture
def bbs(transactional_db, redis_server):
    caps_cleared()
    server = BBS(settings.VAR_DIR)
    yield server
    server.stop()
