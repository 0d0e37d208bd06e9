"""A season costs what a day costs: no page reads a table that grows with the season's
history by scanning it whole. Every query every page makes (read by a king, in the pages' test
world) is explained — SQLite `EXPLAIN QUERY PLAN`; PostgreSQL `EXPLAIN` with sequential scans
discouraged (so a Seq Scan left in the plan means no index could serve the query, whatever the
table's size now) — and a full scan of one of those tables fails the test with the query."""

import re
from contextlib import contextmanager

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from tests.pages.test_queries import PINNED, page_url
from tests.pages.worlds import build

# What a season piles up: posts and threads, games and their plies, ledger rows, moves, timers,
# notices.
GROWING = {
    "campaign_post",
    "campaign_thread",
    "battles_game",
    "battles_gamemove",
    "cities_ledgerentry",
    "campaign_move",
    "campaign_timer",
    "campaign_notice",
    "campaign_post_terms",  # SQLite's FTS5 index of the posts (migration 0009)
}
SQL_WORDS = {"ON", "WHERE", "INNER", "LEFT", "JOIN", "ORDER", "GROUP", "LIMIT", "AS"}


def aliases(sql: str) -> dict[str, str]:
    """Table names by the names a plan may call them (Django's subquery aliases U0, V1, …)."""
    names = {table: table for table in GROWING}
    for table, alias in re.findall(r'"(\w+)" (\w+\d)\b', sql):
        names[alias] = table
    for table, alias in re.findall(r'\b(?:FROM|JOIN)\s+"?(\w+)"?\s+(?:AS\s+)?"?(\w+)"?', sql):  # raw SQL's "p"
        if alias.upper() not in SQL_WORDS:
            names[alias] = table
    return names


@contextmanager
def seqscans_discouraged():
    """PostgreSQL plans a tiny test table with a Seq Scan whatever its indexes; with sequential
    scans discouraged, one left in a plan means no index could serve the query."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET enable_seqscan = off")
    try:
        yield
    finally:
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("RESET enable_seqscan")


def _served(detail: str) -> bool:
    """A SQLite scan served by an index: `USING` one, or an FTS5 table read for a MATCH (its
    index string holds an M; without it FTS5 reads every row)."""
    virtual = re.search(r"VIRTUAL TABLE INDEX \d+:(\S*)", detail)
    return " USING " in detail or (virtual is not None and "M" in virtual.group(1))


def full_scans(sql: str, params) -> set[str]:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("EXPLAIN " + sql, params)
            plan = " ".join(row[0] for row in cursor.fetchall())
            scanned = re.findall(r"Seq Scan on (\w+)", plan)
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
            details = [row[-1] for row in cursor.fetchall()]
            scanned = [d.split()[1] for d in details if d.startswith("SCAN ") and not _served(d)]
    names = aliases(sql)
    return {names[name] for name in scanned if names.get(name) in GROWING}


@pytest.mark.slow
@pytest.mark.django_db
def test_no_page_scans_a_table_that_grows_with_the_seasons_history(clock):
    world, objects = build(clock, 2)
    client = Client()
    client.force_login(User.objects.get(username="sunquan"))
    captured: list[tuple[str, str, object]] = []
    page = ""

    def capture(execute, sql, params, many, context):
        if not many and sql.lstrip().upper().startswith("SELECT"):
            captured.append((page, sql, params))
        return execute(sql, params, many, context)

    for page in sorted(PINNED):
        url = page_url(world, objects, page)
        client.get(url)  # the first read of a session writes its presence (R2.6)
        with connection.execute_wrapper(capture):
            assert client.get(url).status_code in (200, 403), page
    assert len({p for p, _sql, _params in captured}) == len(PINNED), "every page was read"
    with seqscans_discouraged():
        failures = [
            f"{page}: {table} scanned whole by {sql % tuple(params or ())}"
            for page, sql, params in captured
            for table in full_scans(sql, params)
        ]
    assert failures == [], "\n".join(failures)


@pytest.mark.django_db
def test_the_plan_reader_sees_a_full_scan_and_an_indexed_read():
    """The check above can fail: a search of every post's text is a full scan, a thread's posts
    in order are read through their index."""
    with seqscans_discouraged():
        assert full_scans('SELECT "id" FROM "campaign_post" WHERE "body" LIKE %s', ["%守%"]) == {"campaign_post"}
        assert full_scans('SELECT "id" FROM "campaign_post" WHERE "thread_id" = %s ORDER BY "created_at"', [1]) == set()
        raw = "SELECT p.id FROM campaign_post p WHERE p.body LIKE %s"
        assert full_scans(raw, ["%守%"]) == {"campaign_post"}  # raw SQL's aliases are read too
        if connection.vendor == "sqlite":  # the FTS5 index: read whole without a MATCH, served with one
            assert full_scans("SELECT rowid FROM campaign_post_terms ORDER BY rowid DESC", []) == {
                "campaign_post_terms"
            }
            served = "SELECT rowid FROM campaign_post_terms WHERE campaign_post_terms MATCH %s"
            assert full_scans(served, ['"守"']) == set()
