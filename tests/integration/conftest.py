"""A real Celery worker (with embedded beat) on the real Redis, reading the test database."""

import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    credentials = quote(db["USER"] or "", safe="") + (":" + quote(db["PASSWORD"], safe="") if db["PASSWORD"] else "")
    return f"postgres://{credentials}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


class Worker:
    def __init__(self, process: subprocess.Popen, log: Path):
        self.process, self.log = process, log

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture
def start_worker(transactional_db, redis_server, tmp_path):
    """Start a worker with beat sweeping every `sweep_seconds`; stopped after the test."""
    started: list[Worker] = []

    def start(sweep_seconds: float = 1.0, flush: bool = True) -> Worker:
        if flush:
            redis.Redis.from_url(settings.REDIS_URL).flushdb()  # no stale messages from other tests
        env = dict(os.environ, DJANGO_SETTINGS_MODULE="campaign.settings_test", DATABASE_URL=database_url(),
                   REDIS_URL=settings.REDIS_URL, TIMER_SWEEP_SECONDS=str(sweep_seconds))
        log = tmp_path / f"worker-{len(started)}.log"
        process = subprocess.Popen(
            [str(Path(sys.executable).parent / "celery"), "-A", "campaign", "worker", "--pool=solo", "-B",
             "--schedule", str(tmp_path / f"beat-{len(started)}"), "--loglevel=INFO", "--without-mingle",
             "--without-gossip", "--hostname", f"test{len(started)}@%h"],
            cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT,
        )
        worker = Worker(process, log)
        started.append(worker)
        deadline = time.monotonic() + 60
        while "ready." not in worker.output():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("celery worker did not start:\n" + worker.output())
            time.sleep(0.2)
        return worker

    yield start
    for worker in started:
        worker.process.terminate()
        try:
            worker.process.wait(15)
        except subprocess.TimeoutExpired:
            worker.process.kill()
            worker.process.wait()


def wait_for(predicate, timeout: float, what: str, worker: Worker | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}" + (f"\n--- worker log ---\n{worker.output()}" if worker else ""))
