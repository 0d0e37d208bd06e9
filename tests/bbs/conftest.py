"""The BBS's fixtures: the demo world built at the real time (asyncssh's timers need a running
clock) and the real SSH server on a free port against the test database."""

import pytest
from django.conf import settings

from tests.bbs.terminal import BBS
from tests.worlds import make_world


@pytest.fixture
def bbs_world(transactional_db):
    """The demo world, committed (the server reads it from its own thread)."""
    return make_world()


@pytest.fixture
def bbs(transactional_db, redis_server):
    server = BBS(settings.VAR_DIR)
    yield server
    server.stop()
