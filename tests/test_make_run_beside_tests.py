"""The tests never reach a served site: beside a running `make run` whose REDIS_URL, VAR_DIR and
DATABASE_URL are in the shell, a parallel pytest run of tests that flush their Redis before a
Celery worker starts, count rates in Redis, and pass messages on the channel layer leaves the site's
Redis as it was (its keys, no FLUSHDB, no key of theirs in any database index) and writes nothing
into the site's var/ (config/settings_test.py: TEST_REDIS_URL and TEST_VAR_DIR, never the site's)."""

import os
import signal
import subprocess
import sys
import time

import pytest
import redis

from tests.test_make_run import ROOT, free_port, listening, site_environment, site_prepared

# Each uses its Redis its own way: FLUSHDB and a Celery worker; rate counters; the channel layer.
NESTED = [
    "tests/integration/test_worker.py::test_r3_4_move_arrives_on_time_by_the_eta_task",
    "tests/api/test_limits.py::test_polls_answered_304_count_against_the_tokens_limit",
    "tests/live/test_live_socket.py::test_a_live_move_reaches_everyone_and_a_reconnecting_player_resumes",
    "tests/config/test_socket_guard.py::test_the_sockets_past_an_addresss_cap_are_refused_and_a_closed_one_frees_its_place",
]
# The outer run's own: the nested run chooses its own Redis and var/ (or, unset, the defaults).
NOT_PASSED_ON = {
    "DJANGO_SETTINGS_MODULE",
    "DEBUG",
    "MAKEFLAGS",
    "TEST_REDIS_URL",
    "TEST_VAR_DIR",
    "PYTEST_XDIST_WORKER",
}


def _wait_for_port(port: int, site: subprocess.Popen, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and site.poll() is None:
        try:
            redis.Redis(port=port, socket_connect_timeout=1).ping()
            return
        except redis.ConnectionError:
            time.sleep(0.5)
    raise AssertionError(f"the site's Redis did not answer on {port}")


def _site_redis_state(site_redis: redis.Redis) -> dict:
    return {
        "keys": sorted(key.decode() for index in range(16) for key in _in_index(site_redis, index)),
        "flushes": {k: v for k, v in site_redis.info("commandstats").items() if "flush" in k},
    }


def _in_index(site_redis: redis.Redis, index: int) -> list[bytes]:
    pool = site_redis.connection_pool.connection_kwargs
    return redis.Redis(host=pool["host"], port=pool["port"], db=index).keys("*")


@pytest.mark.alone
@pytest.mark.integration
@pytest.mark.timeout(900)  # a site set up, then two test databases migrated beside it
def test_a_parallel_pytest_run_beside_a_served_site_leaves_its_redis_and_var_untouched(tmp_path):
    site_var = tmp_path / "site"
    environment = site_environment(site_var, not_passed_on=NOT_PASSED_ON)
    redis_port = int(environment["REDIS_URL"].rsplit(":", 1)[1].split("/")[0])
    runall = site_prepared(environment)
    site = subprocess.Popen(runall, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, start_new_session=True)
    try:
        _wait_for_port(redis_port, site, 120)
        # the site's own files (the BBS's host key, beat's schedule) written before they are counted
        listening(environment["BIND"], site, 120)
        listening(environment["BBS_BIND"], site, 120)
        time.sleep(2)
        site_redis = redis.Redis(port=redis_port)
        site_redis.set("the-sites-own-key", "kept")
        before, files_before = _site_redis_state(site_redis), sorted(p.name for p in site_var.iterdir())
        tests_env = dict(environment, TEST_REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")
        tests_env["TEST_VAR_DIR"] = str(tmp_path / "t")
        nested = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", *NESTED],
            cwd=ROOT,
            env=tests_env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert nested.returncode == 0, nested.stdout[-3000:] + nested.stderr[-2000:]
        after = _site_redis_state(site_redis)
        assert site_redis.get("the-sites-own-key") == b"kept"
        assert after["flushes"] == before["flushes"], "a test flushed the site's Redis"
        theirs = [k for k in after["keys"] if k.startswith(("api-rate:", "socket", "asgi", "cache:"))]
        assert theirs == [], theirs
        made = sorted({p.name for p in site_var.iterdir()} - set(files_before))
        assert made == [], f"files made in the site's var/ by the tests: {made}"
        assert (tmp_path / "t" / "gw0").is_dir() and (tmp_path / "t" / "gw1").is_dir()
    finally:
        site.send_signal(signal.SIGINT)
        try:
            site.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(site.pid, signal.SIGKILL)
            site.wait()
