"""A real Celery worker (with embedded beat) on the real Redis, reading the test database: the
process, and waiting on what it does (the start_worker fixture in conftest starts one)."""

import os
import signal
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import quote

from django.db import connection

from ops.devservices import Supervisor

ROOT = Path(__file__).resolve().parents[1]


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
