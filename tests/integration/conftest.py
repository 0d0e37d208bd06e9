"""A real Celery worker (with embedded beat) on the real Redis, reading the test database."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.conf import settings
from django.db import connection

from ops.devservices import Supervisor

ROOT = Path(__file__).resolve().parents[2]


def database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    credentials = quote(db["USER"] or "", safe="") + (":" + quote(db["PASSWORD"], safe="") if db["PASSWORD"] else "")
    return f"postgres://{credentials}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


class Worker:
    """One worker process, or (`supervised`) a worker kept running by our Supervisor."""

    def __init__(self, command: list[str], env: dict, log: Path, supervised: bool):
        self.log = log
        self.supervisor = Supervisor(
            {"worker": command},
            log=lambda line: None,
            cwd=ROOT,
            env=env,
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
        )
        self.supervisor.start()
        self.watching = supervised
        self.watcher = threading.Thread(target=self._watch, daemon=True)
        self.watcher.start()

    def _watch(self) -> None:
        while self.watching:
            self.supervisor.check()
            time.sleep(0.5)

    @property
    def process(self) -> subprocess.Popen:
        return self.supervisor.processes["worker"]

    @property
    def restarts(self) -> int:
        return self.supervisor.restarts["worker"]

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        self.watching = False
        self.watcher.join()
        self.supervisor.stop(timeout=15)


@pytest.fixture
def start_worker(transactional_db, redis_server, tmp_path):
    """Start a worker with beat sweeping every `sweep_seconds`; stopped after the test."""
    started: list[Worker] = []

    def start(
        sweep_seconds: float = 1.0,
        flush: bool = True,
        supervised: bool = False,
        lead_seconds: float = 60,
        beat: bool = True,
        role: str = "worker",
    ) -> Worker:
        """A worker (with beat inside it unless `beat` is False), or with `role="beat"` beat alone,
        as a deployment runs it."""
        if flush:
            redis.Redis.from_url(settings.REDIS_URL).flushdb()  # no stale messages from other tests
        env = dict(
            os.environ,
            DJANGO_SETTINGS_MODULE="config.settings_test",
            DATABASE_URL=database_url(),
            REDIS_URL=settings.REDIS_URL,
            TIMER_SWEEP_SECONDS=str(sweep_seconds),
            TIMER_LEAD_SECONDS=str(lead_seconds),
        )
        n = len(started)
        celery = [str(Path(sys.executable).parent / "celery"), "-A", "config"]
        if role == "beat":
            command = [*celery, "beat", "--schedule", str(tmp_path / f"beat-{n}"), "--loglevel=INFO", "--pidfile="]
        else:
            command = [
                *celery,
                "worker",
                "--pool=solo",
                *(["-B", "--schedule", str(tmp_path / f"beat-{n}")] if beat else []),
                "--loglevel=INFO",
                "--without-mingle",
                "--without-gossip",
                "--queues=celery,sweeper",  # as every worker (the sweeper's queue too)
                "--hostname",
                f"test{n}@%h",
            ]
        log = tmp_path / f"worker-{n}.log"
        worker = Worker(command, env, log, supervised)
        started.append(worker)
        deadline = time.monotonic() + 60
        ready = "beat: Starting" if role == "beat" else "ready."
        while ready not in worker.output():
            if worker.process.poll() is not None and not supervised or time.monotonic() > deadline:
                raise RuntimeError(f"celery {role} did not start:\n" + worker.output())
            time.sleep(0.2)
        return worker

    yield start
    for worker in started:
        worker.stop()


def kill(worker: Worker) -> None:
    """SIGKILL the worker and its beat, as a crash would."""
    os.killpg(worker.process.pid, signal.SIGKILL)
    worker.process.wait()


def wait_for(predicate, timeout: float, what: str, worker: Worker | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(
        f"timed out waiting for {what}" + (f"\n--- worker log ---\n{worker.output()}" if worker else "")
    )
