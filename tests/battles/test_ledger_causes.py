"""Ledger causes are data (a kind and names), rendered in the reader's language;
rows written before as English text are turned into data by migration cities 0003."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.utils import translation

from battles.models import LedgerEntry
from tests.worlds import besiege, play

migration = importlib.import_module("cities.migrations.0003_ledger_cause_as_data")


@pytest.mark.django_db
def test_a_won_games_ledger_cause_is_told_in_each_language(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")], online=("魏延",))
    play(world, army, "許褚", "魏延", "attacker")
    entry = LedgerEntry.objects.get(clause="R6.2", city__isnull=False)
    assert (entry.cause, entry.cause_args) == ("won", {"attacker": "許褚", "defender": "魏延"})
    with translation.override("zh-hant"):
        assert entry.cause_text == "許褚 勝 魏延"
    with translation.override("en"):
        assert entry.cause_text == "許褚 beat 魏延"


@pytest.mark.django_db
def test_old_text_rows_become_data(world):
    city = world.city("漢中")
    olds = {
        "day 2026-05-02": ("day", {}),
        "3 defenders against 7 attackers": ("outnumbered", {"defenders": "3", "attackers": "7"}),
        "siege call unanswered": ("unanswered", {}),
        "徐晃 lost to 魏延": ("lost", {"attacker": "徐晃", "defender": "魏延"}),
        "漢中 taken by 魏": ("taken", {"city": "漢中", "kingdom": "魏"}),
        "something else": ("something else", {}),
    }
    for n, text in enumerate(olds):
        LedgerEntry.objects.create(
            campaign=world.campaign, city=city, field="wall", delta=0, value_after=500, clause="R7.1",
            cause=text, key=f"old:{n}", due_at="2026-05-01T00:00Z", applied_at="2026-05-01T00:00Z",
        )  # fmt: skip
    # The models as the migration sees them (the ledger was still the cities' model then).
    historical = MigrationLoader(connection).project_state(("cities", "0005_admin_words")).apps
    migration.causes_as_data(historical, None)
    found = {e.key: (e.cause, e.cause_args) for e in LedgerEntry.objects.filter(key__startswith="old:")}
    assert [found[f"old:{n}"] for n in range(len(olds))] == list(olds.values())
    with translation.override("en"):
        assert LedgerEntry.objects.get(key="old:5").cause_text == "something else"  # unknown: kept as written
