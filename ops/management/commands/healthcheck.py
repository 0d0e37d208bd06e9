"""`manage.py healthcheck`: exit 0 when the site keeps its clock (database, Redis, the
sweeper's heartbeat within three sweeps, a worker answering), else 1; one line per check."""

from django.core.management.base import BaseCommand

from campaign import clock
from ops.health import health


class Command(BaseCommand):
    help = "Check the database, Redis, the sweeper's heartbeat and the Celery workers; exit 1 if any fails."

    def handle(self, *args, **options):
        report = health(now=clock.now())
        for name, state in report.checks.items():
            self.stdout.write(f"{name}: {state}")
        if report.workers:
            self.stdout.write("workers answering: " + ", ".join(report.workers))
        if not report.ok:
            raise SystemExit(1)
