"""The dashboard's and the map's refresh with nothing changed is a 304 answered before
anything is read (no query, no render), and any committed change to what they show — whichever
service made it — gives a new version; a live game's plies do not."""

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from campaign import freshness
from orders.services.moves import move_order
from play.models import Game
from play.services.live import live_move, live_resign
from tests.play.test_live import ready
from tests.play.test_records import pending_game

REFRESHES = ("dashboard-live", "map-live")


def fetch(client: Client, name: str, world, etag: str | None = None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(reverse(name, args=[world.campaign.slug]), **headers)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", REFRESHES)
def test_an_unchanged_refresh_is_a_304_without_a_query(world, name, django_assert_num_queries):
    client = Client()
    first = fetch(client, name, world)
    assert first.status_code == 200 and first["ETag"]
    with django_assert_num_queries(0):
        again = fetch(client, name, world, first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert "no-cache" in again["Cache-Control"]  # the browser asks each time


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", REFRESHES)
def test_a_committed_move_gives_a_new_version_with_the_officer_on_the_road(world, name):
    client = Client()
    etag = fetch(client, name, world)["ETag"]
    move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    changed = fetch(client, name, world, etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "郭嘉" in changed.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_change_rolled_back_keeps_the_version(world):
    client = Client()
    etag = fetch(client, "dashboard-live", world)["ETag"]
    with pytest.raises(RuntimeError), transaction.atomic():
        move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
        raise RuntimeError("rolled back")
    assert fetch(client, "dashboard-live", world, etag).status_code == 304
    move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    assert fetch(client, "dashboard-live", world, etag).status_code == 200  # later changes still count


@pytest.mark.django_db(transaction=True)
def test_a_live_games_plies_keep_the_version_its_end_changes_it(world, clock):
    """A live game rewrites its row at every ply; the dashboard shows only that it is in play."""
    game = ready(world, pending_game(world, clock))
    client = Client()
    etag = fetch(client, "dashboard-live", world)["ETag"]
    assert f"/games/{game.pk}/" in fetch(client, "dashboard-live", world).content.decode()
    live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    assert fetch(client, "dashboard-live", world, etag).status_code == 304
    live_resign(actor=world["魏延"], game=Game.objects.get(pk=game.pk))
    ended = fetch(client, "dashboard-live", world, etag)
    assert ended.status_code == 200 and f"/games/{game.pk}/" not in ended.content.decode()


def test_only_writes_to_what_pages_show_count():
    watched = {"cities_city": None, "battles_game": frozenset({"status"})}
    saved, freshness._watched = freshness._watched, watched
    try:
        assert freshness.watched_write('UPDATE "cities_city" SET "wall" = %s WHERE "cities_city"."id" = %s')
        assert freshness.watched_write('INSERT INTO "cities_city" ("name") VALUES (%s)')
        assert freshness.watched_write("delete from cities_city where id = 1")
        assert not freshness.watched_write('UPDATE "battles_game" SET "moves" = %s WHERE "battles_game"."status" = %s')
        assert freshness.watched_write('UPDATE "battles_game" SET "status" = %s WHERE "battles_game"."id" = %s')
        assert not freshness.watched_write('SELECT "cities_city"."id" FROM "cities_city"')
        assert not freshness.watched_write('UPDATE "campaign_presence" SET "last_seen" = %s')
    finally:
        freshness._watched = saved


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", REFRESHES)
def test_a_refreshs_tag_is_its_own_filters_and_pages(world, name):
    """The dashboard's part is fetched with `?kingdom=&page=`: the tag of one filter or page is
    not a 304 for another (a copy of the whole dashboard's first page confirmed for 魏's)."""
    client = Client()
    url = reverse(name, args=[world.campaign.slug])
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    wei = world.city("許昌").kingdom_id
    for query in (f"?kingdom={wei}", "?page=2", f"?kingdom={wei}&page=1"):
        other = client.get(url + query, HTTP_IF_NONE_MATCH=etag)
        assert other.status_code == 200 and other["ETag"] != etag, query
