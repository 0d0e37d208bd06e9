"""The ledger's model is the war's, on the table it had as the cities': the two migrations that
moved it change the migration state only (no SQL on any database), and the models and the
migrations agree (no migration is missing)."""

from io import StringIO

import pytest
from django.core.management import call_command

from battles.models import LedgerEntry


def test_the_ledger_is_the_wars_on_its_old_table():
    assert (LedgerEntry._meta.app_label, LedgerEntry._meta.db_table) == ("battles", "cities_ledgerentry")


MOVES = [("cities", "0006_ledger_moves_to_battles"), ("battles", "0010_ledger_from_cities")]


@pytest.mark.django_db(transaction=True)  # SQLite's schema editor runs outside a transaction only
@pytest.mark.parametrize("app, name", MOVES)
def test_moving_the_ledger_runs_no_sql(app, name):
    out = StringIO()
    call_command("sqlmigrate", app, name, stdout=out)
    statements = [
        line
        for line in out.getvalue().splitlines()
        if line.strip() and not line.startswith("--") and line not in ("BEGIN;", "COMMIT;")
    ]
    assert statements == []


@pytest.mark.django_db
def test_the_models_need_no_new_migration():
    call_command("makemigrations", "--check", "--dry-run", stdout=StringIO())  # SystemExit(1) if one is missing
