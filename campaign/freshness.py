"""The world version: what lets the pages refreshed every few seconds (the dashboard, the map)
and the API answer 304 before reading anything when nothing they show has changed since the
reader's copy (the HTTP side, tags and 304s, is `campaign/conditional.py`).

What they show changes only by a write to a few tables (cities, kingdoms, officers, moves,
sieges, armies, …), so every process watches its own SQL: after a transaction that inserted,
updated or deleted rows of a watched table commits, it stamps a new *world version* in Redis.
A page's ETag is that version, the minute (presence counts in minutes: R2.6's online flag is
written once a minute and turns off with time), and a digest of what else its answer depends
on: the language, the chosen zone, the full path with its query (one page of a filtered list is
not another's) and, where the answer depends on who asks, who that is (the API's token).

- Nothing is missed by a service that forgets to say so: the stamp comes from the statements
  themselves (Django's execute wrappers, installed on every new connection).
- A table's writes may be narrowed to some columns (a live game's moves rewrite its row every
  ply; only its status and going live show on the dashboard).
- The version is a fresh random token, never a counter, so that a Redis that restarts empty
  cannot give an old copy's version to new content. Without Redis the pages simply render.
- A stamp that fails (Redis away, slow or busy) leaves the version of before the write in Redis:
  it is never taken as current by the process that wrote. Until a new version is stamped (tried
  again in the background until Redis takes it) that process answers no version, so its pages
  render in full, with no tag and no 304 (a reader's copy of before the write is never confirmed).
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable

import redis
from django.db import connections, transaction
from django.db.backends.signals import connection_created

from campaign.redis_clients import shared

log = logging.getLogger(__name__)

KEY = "world:version"
# table -> columns whose update counts (None: any write to the table)
_watched: dict[str, frozenset[str] | None] = {}
_WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([A-Za-z0-9_]+)"?', re.IGNORECASE)
# A stamp that failed is tried again after this, then twice as long each time up to RETRY_MOST.
RETRY_FIRST_SECONDS = 0.1
RETRY_MOST_SECONDS = 2.0
# After a call found Redis away (an error, a timeout), the pages ask it nothing for this long (no
# version: they render in full) and a stamp is left to the thread that stamps again: a Redis
# that hangs costs a page its timeout once, not at every call (the sockets' guard backs off alike).
AWAY_SECONDS = 5.0


class Unstamped:
    """This process's stamps that failed and are not yet made good by a later one."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.failures = 0  # stamps failed so far (a later success makes good those before it)
        self.pending = False  # a failed stamp not made good: no version is current
        self.retrying = False  # the thread that stamps again is running
        self.away_until = 0.0  # monotonic time before which Redis is not asked (AWAY_SECONDS)

    def asking(self) -> bool:
        return time.monotonic() >= self.away_until

    def away(self) -> None:
        self.away_until = time.monotonic() + AWAY_SECONDS


def watch(model, columns: Iterable[str] | None = None) -> None:
    """Writes to `model`'s table (or updates of these columns only) change what pages show."""
    table = model._meta.db_table
    _watched[table] = frozenset(model._meta.get_field(name).column for name in columns) if columns else None


def watched_write(sql: str) -> bool:
    """Whether a statement writes what a refreshed page shows (an UPDATE of a narrowed table
    counts when its SET assigns one of the columns; its WHERE does not)."""
    match = _WRITE.match(sql)
    if match is None or match.group(1) not in _watched:
        return False
    columns = _watched[match.group(1)]
    if columns is None or not sql.lstrip()[:6].upper() == "UPDATE":
        return True
    assignments = sql.split(" WHERE ", 1)[0]
    return any(f'"{column}" = ' in assignments for column in columns)


_unstamped = Unstamped()


def stamp() -> None:
    """A new world version (after a commit that changed what pages show)."""
    fault = "away a moment ago"
    if _unstamped.asking():
        try:
            shared().set(KEY, secrets.token_hex(8))
            return
        except redis.RedisError as exc:
            _unstamped.away()
            fault = str(exc)
    with _unstamped.lock:
        _unstamped.failures += 1
        first, _unstamped.pending = not _unstamped.pending, True
        start, _unstamped.retrying = not _unstamped.retrying, True
    if first:
        log.warning("world version not stamped: Redis unavailable (%s); pages render in full until it is", fault)
    if start:
        _retry()


def _retry() -> None:
    threading.Thread(target=_stamp_again, name="world-version-stamp", daemon=True).start()


def _after_fork() -> None:
    """A child (a Celery worker's) keeps what failed before its fork, not the thread retrying."""
    _unstamped.lock = threading.Lock()
    if _unstamped.retrying:
        _retry()


os.register_at_fork(after_in_child=_after_fork)


def _stamp_again() -> None:
    """Stamp until Redis takes one stamp made after every failure counted so far."""
    wait = RETRY_FIRST_SECONDS
    while True:
        time.sleep(wait)
        with _unstamped.lock:
            failures = _unstamped.failures
        try:
            shared().set(KEY, secrets.token_hex(8))
        except redis.RedisError:
            wait = min(wait * 2, RETRY_MOST_SECONDS)
            continue
        _unstamped.away_until = 0.0  # Redis answers
        with _unstamped.lock:
            if _unstamped.failures == failures:  # none failed meanwhile (its write may be after ours)
                _unstamped.pending = _unstamped.retrying = False
                log.info("world version stamped again: pages answer 304 again")
                return


def version() -> str | None:
    """The current world version; None without Redis (and AWAY_SECONDS after it was found away),
    and while a stamp of this process failed and is not made good (the version in Redis is then
    of before that write)."""
    if _unstamped.pending or not _unstamped.asking():
        return None
    try:
        client = shared()
        current = client.get(KEY)
        if current is None:  # a fresh (or restarted) Redis: a version never seen before
            client.set(KEY, secrets.token_hex(8), nx=True)
            current = client.get(KEY)
    except redis.RedisError:
        _unstamped.away()
        return None
    if _unstamped.pending:  # a stamp failed while this was read
        return None
    return current.decode() if isinstance(current, bytes) else current


def _stamp_after_commit(alias: str) -> None:
    connection = connections[alias]
    if connection.in_atomic_block:
        if any(entry[1] is stamp for entry in connection.run_on_commit):
            return  # once per transaction
        transaction.on_commit(stamp, using=alias, robust=True)
    else:
        stamp()


def _wrapper(alias: str) -> Callable:
    def execute(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if watched_write(sql):
            _stamp_after_commit(alias)
        return result

    return execute


def _install(sender, connection, **kwargs) -> None:
    if not any(getattr(w, "world_version", False) for w in connection.execute_wrappers):
        wrapper = _wrapper(connection.alias)
        wrapper.world_version = True  # type: ignore[attr-defined]
        connection.execute_wrappers.append(wrapper)


connection_created.connect(_install, dispatch_uid="world-version")

# Pages' copies are kept at most this long without a new version: online flags (R2.6) and the
# countdown of the next period are worked out from the clock, not from writes.
MINUTE = 60
