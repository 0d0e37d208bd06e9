"""Run the whole site on one machine: Redis (if not already there), a Celery worker, Celery
beat and uvicorn serving the site (HTTP and the live games' websockets) and its static files,
each started again if it exits. Ctrl-C stops everything it started."""

import os
import signal
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand

from campaign.devservices import Supervisor, start_redis, stop


class Command(BaseCommand):
    help = "Start Redis, a Celery worker, Celery beat and uvicorn; stop them all on Ctrl-C."

    def add_arguments(self, parser):
        parser.add_argument("--bind", default=os.environ.get("BIND", "127.0.0.1:8000"))
        parser.add_argument("--web-workers", type=int, default=int(os.environ.get("WEB_WORKERS", "2")))
        parser.add_argument("--concurrency", type=int, default=int(os.environ.get("CELERY_CONCURRENCY", "2")))

    def handle(self, *args, bind, web_workers, concurrency, **options):
        bin_dir = os.path.dirname(sys.executable)
        var = settings.VAR_DIR
        redis = start_redis(settings.REDIS_URL, var)
        commands = {
            "worker": [
                f"{bin_dir}/celery",
                "-A",
                "campaign",
                "worker",
                "--loglevel=INFO",
                f"--concurrency={concurrency}",
                "--hostname=worker@%h",
                # Gossip and mingle serve nothing here, and gossip's queue was one path by which a
                # worker died with its Redis (campaign/broker.py).
                "--without-gossip",
                "--without-mingle",
            ],
            "beat": [
                f"{bin_dir}/celery",
                "-A",
                "campaign",
                "beat",
                "--loglevel=INFO",
                f"--schedule={var / 'celerybeat-schedule'}",
                "--pidfile=",
            ],
            # HTTP and websockets (live games) from one ASGI server: uvicorn with N workers.
            "web": [
                f"{bin_dir}/uvicorn",
                "campaign.asgi:application",
                "--host",
                bind.rpartition(":")[0] or "127.0.0.1",
                "--port",
                bind.rpartition(":")[2],
                "--workers",
                str(web_workers),
                "--ws",
                "websockets",
                "--lifespan",
                "off",
                "--timeout-graceful-shutdown",
                "5",
            ],
        }
        supervisor = Supervisor(commands, log=self.stderr.write)
        supervisor.start()
        self.stdout.write(
            self.style.SUCCESS(f"Site at http://{bind}/  (worker, beat and web running; Ctrl-C stops all)")
        )
        stopping = False

        def on_signal(signum, frame):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, on_signal)
        signal.signal(signal.SIGTERM, on_signal)
        try:
            while not stopping:
                if redis is not None and redis.poll() is not None:
                    self.stderr.write("redis-server exited; starting it again")
                    redis = start_redis(settings.REDIS_URL, var)
                supervisor.check()
                time.sleep(0.5)
        finally:
            supervisor.stop()
            stop(redis)
            self.stdout.write("Stopped worker, beat, web" + (" and redis." if redis else "."))
