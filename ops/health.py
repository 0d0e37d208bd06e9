"""Is the site able to keep its clock? What `/healthz` and `manage.py healthcheck`
answer: the database answers, Redis answers, the sweeper ran within three sweeps (its
heartbeat), and at least one Celery worker answered a ping. Any of these failing means timers
may not be applied on time: a supervisor or a load balancer acts on it."""

from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings
from django.db import connection

from campaign.models import Heartbeat

PING_SECONDS = 1.0


@dataclass
class Health:
    checks: dict[str, str] = field(default_factory=dict)  # name → "ok" or what is wrong
    workers: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(value == "ok" for value in self.checks.values())


def health(*, now: datetime, ping_workers: bool = True) -> Health:
    report = Health()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        report.checks["database"] = "ok"
    except Exception as exc:  # a health check reports, it does not raise
        report.checks["database"] = f"failed: {exc.__class__.__name__}"
    try:
        import redis  # deferred: the health check is the only reader of this client in the web process

        redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2).ping()
        report.checks["redis"] = "ok"
    except Exception as exc:
        report.checks["redis"] = f"failed: {exc.__class__.__name__}"
    limit = 3 * settings.TIMER_SWEEP_SECONDS
    database = report.checks["database"] == "ok"
    beat = Heartbeat.objects.filter(name="sweeper").values_list("at", flat=True).first() if database else None
    if beat is None:
        report.checks["sweeper"] = "never ran" if database else "unknown"
    else:
        age = (now - beat).total_seconds()
        report.checks["sweeper"] = "ok" if age <= limit else f"last ran {age:.0f} s ago (limit {limit:.0f} s)"
    if ping_workers and report.checks["redis"] == "ok":
        from celery import current_app  # deferred: only a check that pings the workers loads Celery's app

        try:
            # Its own connection, closed after: a ping through the app's pool leaves a channel
            # waiting on a reply queue, which a process forked later (a test's server) would try
            # to close on the socket it shares with its parent, and hang.
            with current_app.connection_for_write() as broker:
                answers = current_app.control.ping(timeout=PING_SECONDS, connection=broker) or []
        except Exception as exc:
            answers = []
            report.checks["workers"] = f"failed: {exc.__class__.__name__}"
        report.workers = sorted(name for answer in answers for name in answer)
        report.checks.setdefault("workers", "ok" if report.workers else "no worker answered")
    elif ping_workers:
        report.checks["workers"] = "unknown"
    return report
