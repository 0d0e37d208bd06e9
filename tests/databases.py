"""Each pytest-xdist worker's test database, copied from one migrated once for the run.

Migrating the test database takes ~50 s on a 2-core machine; four workers migrating at once on a
busy one went past the suite's 300 s timeout in their first test. So the first worker that needs a
database migrates a template (under a file lock, once per run: pytest-xdist's run id), and every
worker copies it into its own test database (SQLite: the file, by SQLite's backup; PostgreSQL:
CREATE DATABASE … TEMPLATE), which pytest-django then keeps as it is (`keepdb`: migrate finds
nothing left to do). Outside xdist nothing changes: pytest-django migrates the one test database.
"""

import fcntl
import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connections

ALIAS = "default"


def xdist_run() -> str:
    """pytest-xdist's id of this run (the same in every worker), or "" outside xdist."""
    return os.environ.get("PYTEST_XDIST_TESTRUNUID", "") if os.environ.get("PYTEST_XDIST_WORKER") else ""


@contextmanager
def _locked(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _template_name(connection) -> str:
    if connection.vendor == "sqlite":
        return str(Path(settings.TEST_VAR_DIR) / "template.sqlite3")
    return f"test_{connection.settings_dict['NAME']}_template"


def _make_template(connection, template: str) -> None:
    """Migrate a test database named `template`, as pytest-django would its own."""
    test, name = connection.settings_dict["TEST"].get("NAME"), connection.settings_dict["NAME"]
    connection.settings_dict["TEST"]["NAME"] = template
    try:
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    finally:
        connection.close()
        connection.settings_dict["TEST"]["NAME"] = test
        connection.settings_dict["NAME"] = settings.DATABASES[ALIAS]["NAME"] = name


def _copy(connection, template: str, target: str) -> None:
    if connection.vendor == "sqlite":
        for leftover in (target, f"{target}-wal", f"{target}-shm"):
            Path(leftover).unlink(missing_ok=True)
        source, copy = sqlite3.connect(template), sqlite3.connect(target)
        try:
            source.backup(copy)
        finally:
            source.close()
            copy.close()
        return
    quote = connection.ops.quote_name
    with connection._nodb_cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {quote(target)}")
        cursor.execute(f"CREATE DATABASE {quote(target)} TEMPLATE {quote(template)}")


def copy_the_runs_template() -> None:
    """This worker's test database (its TEST NAME, suffixed by pytest-django) as a copy of the
    run's template, which the first worker here migrates."""
    connection = connections[ALIAS]
    template = _template_name(connection)
    made = Path(settings.TEST_VAR_DIR) / f"template-{connection.vendor}.run"
    with _locked(Path(settings.TEST_VAR_DIR) / "template.lock"):
        if not made.exists() or made.read_text() != f"{xdist_run()} {template}":
            made.unlink(missing_ok=True)
            _make_template(connection, template)
            made.write_text(f"{xdist_run()} {template}")
        _copy(connection, template, connection.creation._get_test_db_name())
