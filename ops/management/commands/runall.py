"""Run the whole site on one machine: Redis (if not already there), the demo campaign when asked
(`--demo`, as `make run` does: after Redis is up), a Celery worker, a worker
for the sweeper's queue, one for the analysis after a game,
Celery beat and uvicorn serving the site (HTTP and the live games'
websockets) and its static files, and the BBS (manage.py bbs, the SSH terminal), each started
again if it exits. Ctrl-C stops everything it
started."""

import os
import signal
import sys
import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from ops.devservices import Supervisor, start_redis, stop


def site_commands(*, bind: str, web_workers: int, concurrency: int, var) -> dict[str, list[str]]:
    """The processes of the site, as `make run` runs them (bench/ starts the same ones)."""
    bin_dir = os.path.dirname(sys.executable)

    return {
        "worker": [
            f"{bin_dir}/celery",
            "-A",
            "config",
            "worker",
            "--loglevel=INFO",
            f"--concurrency={concurrency}",
            "--hostname=worker@%h",
            # Gossip and mingle serve nothing here, and gossip's queue was one path by which a
            # worker died with its Redis (config/broker.py).
            "--without-gossip",
            "--without-mingle",
            "--queues=celery,sweeper",
        ],
        # The sweeper's queue alone: a sweep never waits behind a burst of timers.
        "sweeper": [
            f"{bin_dir}/celery",
            "-A",
            "config",
            "worker",
            "--loglevel=INFO",
            "--pool=solo",
            "--hostname=sweeper@%h",
            "--without-gossip",
            "--without-mingle",
            "--queues=sweeper",
        ],
        # The analysis after a game alone, one engine at a time: a long analysis never holds
        # back a timer or a sweep, and takes one core.
        "analysis": [
            f"{bin_dir}/celery",
            "-A",
            "config",
            "worker",
            "--loglevel=INFO",
            "--pool=solo",
            "--hostname=analysis@%h",
            "--without-gossip",
            "--without-mingle",
            "--queues=analysis",
        ],
        "beat": [
            f"{bin_dir}/celery",
            "-A",
            "config",
            "beat",
            "--loglevel=INFO",
            f"--schedule={var / 'celerybeat-schedule'}",
            "--pidfile=",
        ],
        "web": _web_command(bin_dir, bind, web_workers),
    }


def _web_command(bin_dir: str, bind: str, web_workers: int) -> list[str]:
    """HTTP and websockets (live games) from one ASGI server: uvicorn with N workers."""
    return [
        f"{bin_dir}/uvicorn",
        "config.asgi:application",
        "--host",
        bind.rpartition(":")[0] or "127.0.0.1",
        "--port",
        bind.rpartition(":")[2],
        "--workers",
        str(web_workers),
        "--ws",
        "websockets-sansio",  # uvicorn's own: "websockets" (the legacy one) is deprecated
        "--lifespan",
        "off",
        "--timeout-graceful-shutdown",
        "5",
        # Whose X-Forwarded-For to believe: TRUSTED_PROXIES, none by default.
        # uvicorn's own default trusts 127.0.0.1, so that any local client could name itself.
        f"--forwarded-allow-ips={settings.TRUSTED_PROXIES}",
    ]


def bbs_command(processes: int = 1) -> list[str]:
    """The BBS (the site in an SSH terminal) on BBS_BIND: `manage.py bbs` beside the web server, in
    `processes` processes on its one port."""
    return [sys.executable, str(settings.BASE_DIR / "manage.py"), "bbs", "--processes", str(processes)]


def site_environment(bind: str) -> dict[str, str]:
    """The environment of the processes it starts: BIND is the address served, from which the
    worker's settings take the mails' links unless SITE_URL is set (config/settings.py)."""
    return {**os.environ, "BIND": bind}


def bbs_host() -> str:
    return os.environ.get("BBS_BIND", "127.0.0.1:2222").rpartition(":")[0] or "127.0.0.1"


def bbs_port() -> str:
    return os.environ.get("BBS_BIND", "127.0.0.1:2222").rpartition(":")[2]


class Command(BaseCommand):
    help = (
        "Start Redis, a Celery worker, the sweeper's worker, the analysis worker, Celery beat, uvicorn and the BBS;"
        " stop them all on Ctrl-C."
    )

    def add_arguments(self, parser):
        parser.add_argument("--bind", default=os.environ.get("BIND", "127.0.0.1:8000"))
        parser.add_argument("--web-workers", type=int, default=int(os.environ.get("WEB_WORKERS", "2")))
        parser.add_argument(
            "--bbs-processes",
            type=int,
            default=None,
            help="The BBS's processes on its port (BBS_PROCESSES; by default as many as the web's workers).",
        )
        parser.add_argument("--concurrency", type=int, default=int(os.environ.get("CELERY_CONCURRENCY", "2")))
        parser.add_argument(
            "--demo",
            action="store_true",
            help="Create the demo campaign (seed_demo) once Redis is up, before the rest starts (make run).",
        )

    def handle(self, *args, bind, web_workers, bbs_processes, concurrency, demo, **options):
        var = settings.VAR_DIR
        redis = start_redis(settings.REDIS_URL, var)
        if demo:
            # After Redis, so that the demo's first writes stamp the world version and its march's
            # arrival goes to the broker (before it, each said "Redis unavailable").
            try:
                call_command("seed_demo", stdout=self.stdout, stderr=self.stderr)
            except BaseException:
                stop(redis)
                raise
        commands = site_commands(bind=bind, web_workers=web_workers, concurrency=concurrency, var=var)
        commands["bbs"] = bbs_command(bbs_processes or int(os.environ.get("BBS_PROCESSES") or web_workers))
        supervisor = Supervisor(commands, log=self.stderr.write, env=site_environment(bind))
        stopping = False

        def on_signal(signum, frame):
            nonlocal stopping
            stopping = True

        # Before anything starts: a Ctrl-C as soon as the site is up still stops every process
        # (each runs in its own session, so nothing else would).
        signal.signal(signal.SIGINT, on_signal)
        signal.signal(signal.SIGTERM, on_signal)
        try:
            supervisor.start()
            self.stdout.write(
                self.style.SUCCESS(
                    f"Site at http://{bind}/ and the BBS at ssh -p {bbs_port()} <username>@{bbs_host()}"
                    "  (worker, sweeper, beat, web and bbs running; Ctrl-C stops all)"
                )
            )
            while not stopping:
                if redis is not None and redis.poll() is not None:
                    self.stderr.write("redis-server exited; starting it again")
                    redis = start_redis(settings.REDIS_URL, var)
                supervisor.check()
                time.sleep(0.5)
        finally:
            supervisor.stop()
            stop(redis)
            self.stdout.write("Stopped worker, sweeper, beat, web, bbs" + (" and redis." if redis else "."))
