"""The health check: `/healthz` and `manage.py healthcheck` fail when the sweeper's
heartbeat is older than three sweeps or no worker answers (here no worker runs), and say which
part is down; with a worker running they pass (tests/integration/test_health.py)."""

from datetime import timedelta

import pytest
from django.test import Client

from campaign import clock
from campaign.models import Heartbeat
from ops.health import health


@pytest.mark.django_db
def test_no_worker_answering_and_a_stale_sweeper_fail_the_check(settings):
    now = clock.now()
    report = health(now=now)
    assert report.checks["database"] == "ok" and report.checks["redis"] == "ok"
    assert report.checks["sweeper"] == "never ran" and report.checks["workers"] == "no worker answered"
    assert not report.ok
    Heartbeat.objects.create(name="sweeper", at=now - timedelta(seconds=3 * settings.TIMER_SWEEP_SECONDS + 1))
    assert (
        health(now=now, ping_workers=False)
        .checks["sweeper"]
        .startswith(f"last ran {3 * settings.TIMER_SWEEP_SECONDS + 1:.0f} s ago")
    )
    Heartbeat.objects.filter(name="sweeper").update(at=now)
    assert health(now=now, ping_workers=False).ok
    response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["workers"] == "no worker answered" and response.json()["ok"] is False
