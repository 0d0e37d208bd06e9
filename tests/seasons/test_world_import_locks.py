"""No write waits behind a world file's import (SQLite: one writer holds the write lock at a time).
The import is written in parts, each its own short transaction (seasons/world/
staging.py), so a player posting meanwhile waits one part at most; a writer that waited its
whole timeout is answered with a message, never a 500; the timers' sweeper meets a busy
database without failing and goes on at its next pass. Real threads, real SQLite connections."""

import json
import sqlite3
import threading
import time

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from accounts.services import token_create
from campaign.busy import RETRY_AFTER
from campaign.clock import now as clock_now
from campaign.errors import RuleViolation
from campaign.models import Campaign, Timer
from campaign.timers import timers_sweep
from cities.models import City
from forum.models import Thread
from seasons.world.importing import world_import
from tests.seasons.world_files import accounts_made, generated_world
from tests.worlds import make_world

WAIT = 2.0  # seconds a writer waits for the lock in these tests (the site's is 30)


@pytest.fixture
def short_wait():
    """Every connection opened from here waits at most WAIT seconds for the write lock."""
    if connection.vendor != "sqlite":  # PostgreSQL's writers wait on rows, not on one lock
        yield
        return
    options = connections.settings["default"]["OPTIONS"]
    before = options.get("timeout")
    options["timeout"] = WAIT
    connection.close()
    yield
    options["timeout"] = before
    connection.close()


def _big_world() -> str:
    data = generated_world(20, 10_000, slug="big")
    names = [c["name"] for c in data["cities"]]
    data["roads"] += [[names[i], names[i + 2]] for i in range(0, len(names) - 2, 2) if i % 500 != 498]
    accounts_made(data)
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.django_db(transaction=True)
def test_r1_1_a_post_while_a_large_world_is_imported_waits_a_part_at_most_never_a_500(clock, short_wait):
    """Security (availability): the import of a 10,000-city world holds the write lock one part
    at a time, so each post made during it is saved within the writers' timeout (the old import
    held it for the whole world, and each post failed "database is locked", a 500)."""
    world = make_world()
    client = Client()
    client.force_login(world["郭嘉"].user)
    text, done, failures = _big_world(), threading.Event(), []

    def importing() -> None:
        try:
            world_import(text=text, fmt="json")
        except Exception as exc:  # noqa: BLE001 - reported by the test below
            failures.append(exc)
        finally:
            connection.close()
            done.set()

    url = reverse("thread-new", args=[world.campaign.slug, world.city("洛陽").board.pk])
    importer = threading.Thread(target=importing)
    importer.start()
    posted, during, waits = 0, 0, []
    while not done.is_set():
        writing = City.objects.filter(campaign__name="20 kingdoms, 10000 cities").exists()
        started = time.perf_counter()
        response = client.post(url, {"title": f"t{posted}", "body": "b"})
        waits.append(time.perf_counter() - started)
        assert response.status_code == 302 and "/threads/" in response["Location"], response
        posted, during = posted + 1, during + writing
    importer.join()
    assert failures == []
    assert Thread.objects.filter(board=world.city("洛陽").board).count() == posted and during >= 3
    assert max(waits) < WAIT
    assert Campaign.objects.get(slug="big").cities.count() == 10_000


@pytest.mark.sqlite_only
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's single writer")
@pytest.mark.django_db(transaction=True)
def test_r1_1_a_post_that_waits_out_a_held_write_lock_is_told_to_try_again_never_a_500(clock, short_wait):
    """Security (availability): a writer that waited its whole timeout behind another process's
    write lock is answered, not a 500 ("database is locked", met first by the request's presence
    write): the site's form says the site was busy and applied nothing, the API answers 503 with
    Retry-After; no thread is written. The client sees what a browser would (no 500 raised into
    the test)."""
    world = make_world()
    board = world.city("洛陽").board
    client = Client(raise_request_exception=False)
    client.force_login(world["郭嘉"].user)
    token = token_create(user=world["郭嘉"].user, name="busy", scope="act")[1]
    threads = Thread.objects.filter(board=board).count()
    holder = sqlite3.connect(connection.settings_dict["NAME"], timeout=WAIT, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        page = client.post(reverse("thread-new", args=[world.campaign.slug, board.pk]), {"title": "t", "body": "b"})
        api = client.post(
            f"/api/v1/c/{world.campaign.slug}/boards/{board.pk}/threads",
            json.dumps({"title": "t", "body": "b"}),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
            HTTP_ACCEPT_LANGUAGE="en",
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert page.status_code == 302
    told = [str(m) for m in client.get(page["Location"]).context["messages"]]
    assert "網站正忙，未套用任何變更；請稍後再試。" in told  # 郭嘉's language
    assert api.status_code == 503 and api["Retry-After"] == str(RETRY_AFTER)
    assert Thread.objects.filter(board=board).count() == threads


@pytest.mark.sqlite_only
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's single writer")
@pytest.mark.django_db(transaction=True)
def test_r7_the_sweeper_meets_a_busy_database_without_failing_and_goes_on_next_pass(clock, short_wait):
    """R7 (the war's clock): a sweep while another process holds the write lock past the timeout
    ends its pass quietly, the due timer still pending; the next pass applies it."""
    world = make_world()
    clock.shift(60 * 60 * 24)  # the first midnight is due
    due = list(Timer.objects.filter(campaign=world.campaign, status=Timer.Status.PENDING, due_at__lte=clock_now()))
    assert due
    holder = sqlite3.connect(connection.settings_dict["NAME"], timeout=WAIT, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        assert timers_sweep() == 0
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert Timer.objects.filter(pk__in=[t.pk for t in due], status=Timer.Status.PENDING).count() == len(due)
    assert timers_sweep() >= 1
    assert not Timer.objects.filter(pk__in=[t.pk for t in due], status=Timer.Status.PENDING).exists()


@pytest.mark.django_db
def test_security_a_user_count_is_unchanged_by_any_world_file_import(clock):
    """Security: a world file never makes an account (the command binds existing ones)."""
    data = generated_world(2, 10)
    users = get_user_model().objects.count()
    with pytest.raises(RuleViolation, match="gen-k0"):
        world_import(text=json.dumps(data), fmt="json")
    assert get_user_model().objects.count() == users and not Campaign.objects.filter(slug="generated").exists()
