"""The tests' own services: whatever REDIS_URL and VAR_DIR a served site (`make run`) exported, the
test settings use TEST_REDIS_URL (default port 6391) and var/test/, and each pytest-xdist worker
gets a Redis and a var/ of its own (a test that flushes or stops its Redis touches no other
worker's, nor the site's)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from config.settings_test import worker_redis_url

ROOT = Path(__file__).resolve().parents[2]
SITE = {"REDIS_URL": "redis://127.0.0.1:6390/0", "VAR_DIR": str(ROOT / "var")}  # `make run`'s defaults
READ = (
    "import json, django; from django.conf import settings as s; django.setup(); "
    "print(json.dumps([s.REDIS_URL, s.CELERY_BROKER_URL, s.CACHES['default']['LOCATION'], "
    "s.CHANNEL_LAYERS['default']['CONFIG']['hosts'][0]['address'], str(s.VAR_DIR), "
    "s.DATABASES['default']['TEST']['NAME'], str(s.STATIC_ROOT)]))"
)


def settings_seen(**environment: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"TEST_REDIS_URL", "TEST_VAR_DIR", "PYTEST_XDIST_WORKER"}}
    env.update(SITE, DJANGO_SETTINGS_MODULE="config.settings_test", DATABASE_URL="", **environment)
    env = {k: v for k, v in env.items() if v}
    done = subprocess.run([sys.executable, "-c", READ], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_tests_redis_and_var_are_never_the_served_sites():
    """A bare `pytest` in a shell where `make run`'s REDIS_URL and VAR_DIR are set: the broker, the
    cache and the channel layer are on port 6391, the files under var/test/gw0/."""
    seen = settings_seen()
    redis_urls, var = seen[:4], seen[4:]
    assert set(redis_urls) == {"redis://127.0.0.1:6391/0"}
    assert all(Path(path).is_relative_to(ROOT / "var" / "test" / "gw0") for path in var), var


def test_each_xdist_worker_has_its_own_redis_server_and_var():
    """Worker gw3 of a run on TEST_REDIS_URL's port 6410: port 6413, var/test/gw3/ (its SQLite test
    database there too)."""
    seen = settings_seen(TEST_REDIS_URL="redis://127.0.0.1:6410/2", PYTEST_XDIST_WORKER="gw3")
    assert set(seen[:4]) == {"redis://127.0.0.1:6413/2"}
    assert all(Path(path).is_relative_to(ROOT / "var" / "test" / "gw3") for path in seen[4:]), seen


def test_on_a_shared_redis_host_each_worker_has_its_own_database_index():
    assert worker_redis_url("redis://:pw@redis.example.org:6379/4", 2) == "redis://:pw@redis.example.org:6379/6"
    assert worker_redis_url("redis://127.0.0.1:6391/0", 0) == "redis://127.0.0.1:6391/0"
    assert worker_redis_url("redis://localhost:6391", 1) == "redis://localhost:6392/0"
