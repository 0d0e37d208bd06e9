"""What the benches need beyond requirements.txt (which `make bench` installs), checked before any
of them starts: a missing program or an unreachable database is named, with how to get it, and
the bench exits 2 with no traceback.

    .venv/bin/python bench/needs.py      # all of them (make bench runs this first)
"""

import os
import shutil
import signal
import sys

# program: (the benches that run it, how to install it on Debian)
PROGRAMS = {"wrk": ("bench/pages.py", "apt-get install wrk")}


def stop_cleanly_on_sigterm() -> None:
    """SIGTERM (`timeout`, `kill`, systemd) raised as SystemExit in the bench, so that its `finally`
    blocks stop the site, workers and Redis it started instead of leaving them running."""
    signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))


def missing_programs(*names: str) -> list[str]:
    return [
        f"{PROGRAMS[name][0]} needs `{name}`, which is not installed (not on PATH): {PROGRAMS[name][1]}"
        for name in names
        if shutil.which(name) is None
    ]


def programs(*names: str) -> None:
    """Exit with a message naming what is missing (before anything is built or started)."""
    missing = missing_programs(*names)
    if missing:
        print("\n".join(missing), file=sys.stderr)
        raise SystemExit(2)


def database() -> None:
    """After django.setup(): the database of DATABASE_URL answers (a PostgreSQL run of a bench)."""
    from django.db import OperationalError, connection

    try:
        connection.ensure_connection()
    except OperationalError as exc:
        url = os.environ.get("DATABASE_URL", "")
        shown = url.split("@")[-1] if "@" in url else url  # no password in the message
        print(f"the database ({connection.vendor}, {shown}) does not answer: {exc}".strip(), file=sys.stderr)
        raise SystemExit(2) from None


if __name__ == "__main__":
    programs(*PROGRAMS)
