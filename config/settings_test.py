"""Settings for the test suite: the real settings, with a test-only secret, fast password
hashing, static files served from the apps (no collectstatic manifest needed), and services of
the tests' own, apart from any site that `make run` serves on the same checkout:

- Redis: TEST_REDIS_URL (default redis://127.0.0.1:6391/0), whatever REDIS_URL says (a site's
  Redis, 6390 by default, is never the tests'). Under pytest-xdist each worker (gw0, gw1, …) has
  its own: on this machine its own redis-server, on the port plus the worker's number (a test may
  stop and start its Redis, R7.5, or flush it before a Celery worker starts); on another host its
  own database index, the index plus the worker's number.
- var/: TEST_VAR_DIR/<worker>/ (default var/test/gw0/ and so on, in the checkout: the SQLite
  test database, the Redis logs, the BBS's host key, screenshots), never the site's VAR_DIR.

Both are put into the environment too, so that a process a test starts (a Celery worker, a
manage.py command) reads the same. docs/testing.md says how the suite runs.
"""

import os
from pathlib import Path
from urllib.parse import urlparse

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-any-deployment-0123456789")

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}


def xdist_worker_number() -> int:
    """0 in a plain pytest run; N in pytest-xdist's worker gwN (which sets PYTEST_XDIST_WORKER)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0


def worker_redis_url(base: str, worker: int) -> str:
    """This worker's Redis: the port plus `worker` on this machine, else the database index plus `worker`."""
    parsed = urlparse(base)
    host, port = parsed.hostname or "127.0.0.1", parsed.port or 6379
    index = int(parsed.path.strip("/") or 0)
    if host in LOCAL_HOSTS:
        port += worker
    else:
        index += worker
    netloc = parsed.netloc.rsplit("@", 1)[0] + "@" if "@" in parsed.netloc else ""
    host_part = f"[{host}]" if ":" in host else host
    return parsed._replace(netloc=f"{netloc}{host_part}:{port}", path=f"/{index}").geturl()


TEST_VAR_DIR = Path(os.environ.get("TEST_VAR_DIR") or Path(__file__).resolve().parent.parent / "var" / "test")
os.environ["TEST_VAR_DIR"] = str(TEST_VAR_DIR)  # a process a test starts reads the same
os.environ["VAR_DIR"] = str(TEST_VAR_DIR / f"gw{xdist_worker_number()}")
os.environ["REDIS_URL"] = worker_redis_url(
    os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6391/0"), xdist_worker_number()
)

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # noqa: F405  (whitenoise looks there)
# The API's rate limits are tried by their own tests (tests/api/test_limits.py), with low rates.
API_RATE_TOKEN = API_RATE_ADDRESS = "100000/min"
# The boards' posting rate likewise (tests/forum/test_boards.py tries it).
BOARD_POST_RATE = "100000/min"
# The websockets' handshakes per address likewise (tests/config/test_socket_guard.py).
SOCKET_OPENS_PER_ADDRESS = "100000/min"
