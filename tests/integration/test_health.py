"""With a real worker (and its beat) running, `/healthz` and `manage.py healthcheck`
pass; once the worker is killed they fail, saying no worker answered."""

import subprocess
import sys

import pytest
from django.test import Client

from tests.workers import ROOT, database_url, kill, wait_for

pytestmark = pytest.mark.integration


def healthcheck() -> subprocess.CompletedProcess:
    import os

    from django.conf import settings

    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings_test", DATABASE_URL=database_url())
    env["REDIS_URL"] = settings.REDIS_URL
    return subprocess.run(
        [sys.executable, "manage.py", "healthcheck"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


def test_the_health_check_passes_with_a_worker_and_fails_without(start_worker):
    worker = start_worker(sweep_seconds=1)
    wait_for(lambda: Client().get("/healthz").status_code == 200, 30, "a healthy site", worker)
    done = healthcheck()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "workers: ok" in done.stdout and "sweeper: ok" in done.stdout
    kill(worker)
    response = Client().get("/healthz")
    assert response.status_code == 503 and response.json()["checks"]["workers"] == "no worker answered"
    done = healthcheck()
    assert done.returncode == 1 and "workers: no worker answered" in done.stdout
