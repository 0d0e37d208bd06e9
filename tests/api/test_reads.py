"""Reading through the API: the world as the pages show it (cities with walls, officers,
moves on the road, a siege with its armies' ranks, its defenders and its games, the ledger),
lists paged by cursor, palace boards only for their kingdom (R1.2), what bots poll answered 304
with no query, and every list a fixed number of queries whatever its length."""

from datetime import datetime

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.services import token_create
from battles.services.ledger import value_change
from battles.services.siege import siege_call
from campaign import clock as war_clock
from campaign.models import Officer
from cities.models import City
from forum.services.boards import thread_create
from orders.services.moves import move_order
from play.models import Game
from tests.worlds import besiege

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def read(client: Client, path: str, token: str | None = None, **headers):
    if token:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return client.get(f"/api/v1{path}", **headers)


def every(client: Client, path: str, token: str | None = None) -> list[dict]:
    """Every item of a list, following the cursor two at a time."""
    items, url = [], f"/api/v1{path}{'&' if '?' in path else '?'}page_size=2"
    while url:
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        page = client.get(url, **headers).json()
        items += page["results"]
        url = page["next"]
    return items


@pytest.mark.django_db
def test_the_world_reads_as_the_pages_show_it(client, world, clock):
    slug = world.campaign.slug
    assert [c["slug"] for c in read(client, "/campaigns").json()["results"]] == [slug]
    assert read(client, f"/c/{slug}").json()["battle_game"] == "xiangqi"
    kingdoms = {k["name"] for k in every(client, f"/c/{slug}/kingdoms")}
    assert {"魏", "蜀", "吳"} <= kingdoms
    cities = {c["name"]: c for c in every(client, f"/c/{slug}/cities")}
    xuchang = world.city("許昌")
    assert cities["許昌"]["wall"] == xuchang.wall and cities["許昌"]["wall_max"] == xuchang.wall_max
    assert cities["許昌"]["kingdom_id"] == xuchang.kingdom_id and cities["許昌"]["governor_id"] == xuchang.governor_id
    wei = world["曹操"].kingdom
    of_wei = every(client, f"/c/{slug}/officers?kingdom={wei.pk}")
    assert {o["name"] for o in of_wei} == set(Officer.objects.filter(kingdom=wei).values_list("name", flat=True))
    guojia = read(client, f"/c/{slug}/officers/{world['郭嘉'].pk}").json()
    assert (guojia["stars"], guojia["kind"], guojia["whereabouts"]) == (world["郭嘉"].stars, world["郭嘉"].kind, "city")
    assert len(every(client, f"/c/{slug}/roads")) == world.campaign.roads.count()
    move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=xuchang)
    (on_road,) = every(client, f"/c/{slug}/moves")
    assert on_road["officer_id"] == world["郭嘉"].pk and on_road["destination_id"] == xuchang.pk
    assert datetime.fromisoformat(on_road["arrives_at"]) == move.arrives_at


@pytest.mark.django_db
def test_a_siege_reads_with_ranks_defenders_games_and_ledger(client, world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    city = world.city("漢中")
    value_change(key="api:wall", city=city, delta=-4, clause="R7.1", cause="daily", names={}, due_at=war_clock.now())
    slug = world.campaign.slug
    (siege,) = every(client, f"/c/{slug}/sieges")
    detail = read(client, f"/c/{slug}/sieges/{siege['id']}").json()
    assert detail["city_id"] == city.pk and detail["status"] == "active"
    (attackers,) = detail["armies"]
    ranks = {(m["officer_id"], m["rank"]) for m in attackers["members"]}
    assert ranks == {(world["徐晃"].pk, "marshal"), (world["許褚"].pk, "general")}
    assert detail["defenders"] and all(d["rank"] for d in detail["defenders"])
    assert [(g["id"], g["attacker_id"], g["status"]) for g in detail["games"]] == [
        (game.pk, world["許褚"].pk, Game.Status.CALLED)
    ]
    assert any("R7.2" in due["what"] for due in detail["due"])  # the end of the penalty period
    one = read(client, f"/c/{slug}/games/{game.pk}").json()
    assert one["moves"] == [] and one["game_kind"] == "xiangqi"
    assert one["pgn_url"] == f"http://testserver/c/{slug}/games/{game.pk}/pgn/"
    (listed,) = every(client, f"/c/{slug}/armies")
    assert read(client, f"/c/{slug}/armies/{army.pk}").json() == listed == attackers
    assert listed["morale"] == army.morale and listed["target_id"] == city.pk
    assert read(client, f"/c/{slug}/cities/{city.pk}").json()["wall"] == city.wall
    (latest, *_older) = every(client, f"/c/{slug}/cities/{city.pk}/ledger")
    assert (latest["delta"], latest["clause"], latest["value_after"]) == (-4, "R7.1", city.wall)
    value_change(
        key="api:morale", army=army, delta=-3, clause="R7.2", cause="penalty", names={}, due_at=war_clock.now()
    )
    (morale,) = every(client, f"/c/{slug}/armies/{army.pk}/ledger")
    assert (morale["field"], morale["delta"], morale["clause"]) == ("morale", -3, "R7.2")


@pytest.mark.django_db
def test_lists_follow_their_cursor_to_the_end(client, world, clock):
    slug = world.campaign.slug
    ids = [c["id"] for c in every(client, f"/c/{slug}/cities")]
    assert ids == sorted(City.objects.filter(campaign=world.campaign).values_list("pk", flat=True))
    page = read(client, f"/c/{slug}/cities?page_size=500").json()
    assert page["next"] is None and len(page["results"]) == len(ids)  # at most 200 a page; here fewer
    broken = read(client, f"/c/{slug}/cities?cursor=not-a-cursor", HTTP_ACCEPT_LANGUAGE="en")
    assert broken.status_code == 400 and broken.json()["code"] == "invalid"


@pytest.mark.django_db
def test_r1_2_a_palace_board_reads_only_with_a_token_of_its_kingdom(client, world, clock):
    slug = world.campaign.slug
    palace = world["曹操"].kingdom.palace
    thread = thread_create(actor=world["荀彧"], board=palace, title="軍議", body="出兵漢中")
    _t, wei = token_create(user=world["郭嘉"].user, name="wei", scope="read")
    _t, wu = token_create(user=world["孫權"].user, name="wu", scope="read")
    assert palace.pk not in {b["id"] for b in every(client, f"/c/{slug}/boards")}
    assert palace.pk in {b["id"] for b in every(client, f"/c/{slug}/boards", wei)}
    for token in (None, wu):
        refused = read(client, f"/c/{slug}/boards/{palace.pk}/threads", token, HTTP_ACCEPT_LANGUAGE="en")
        assert refused.status_code == 403 and refused.json()["clause"] == "R1.2"
        assert read(client, f"/c/{slug}/threads/{thread.pk}/posts", token).status_code == 403
    assert [t["title"] for t in every(client, f"/c/{slug}/boards/{palace.pk}/threads", wei)] == ["軍議"]
    (post,) = every(client, f"/c/{slug}/threads/{thread.pk}/posts", wei)
    assert post["body"] == "出兵漢中" and post["author_id"] == world["荀彧"].pk
    found = read(client, f"/c/{slug}/search?q=漢中", wei).json()  # the search: the same boards only
    assert [p["id"] for p in found["results"]] == [post["id"]] and found["counted_all"]
    for token in (None, wu):
        assert read(client, f"/c/{slug}/search?q=漢中", token).json()["results"] == []
    assert read(client, f"/c/{slug}/search?q=!!").json() == {
        "count": 0,
        "counted_all": True,
        "page": 1,
        "has_next": False,
        "results": [],
    }


@pytest.mark.django_db
def test_what_is_not_in_the_campaign_is_404(client, world, clock):
    slug = world.campaign.slug
    for path in (f"/c/{slug}/cities/999999", f"/c/{slug}/games/999999", "/c/no-such-campaign/cities"):
        response = read(client, path, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 404 and response.json() == {
            "code": "not_found",
            "clause": "",
            "message": "There is no such thing here.",
        }


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("listed", ["cities", "moves", "sieges"])
def test_a_poll_with_nothing_new_is_a_304_without_a_query(world, listed, django_assert_num_queries):
    """What bots poll (the cities, who is on the road, the sieges): a 304 before any read while
    nothing changed; a committed wall change gives a new tag and the new wall."""
    client = Client()
    slug = world.campaign.slug
    first = read(client, f"/c/{slug}/{listed}")
    assert first.status_code == 200 and first["ETag"]
    with django_assert_num_queries(0):
        again = read(client, f"/c/{slug}/{listed}", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    city = world.city("漢中")
    value_change(key="api:poll", city=city, delta=-2, clause="R7.1", cause="daily", names={}, due_at=war_clock.now())
    changed = read(client, f"/c/{slug}/{listed}", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    if listed == "cities":
        assert {c["name"]: c["wall"] for c in changed.json()["results"]}["漢中"] == city.wall


LISTS = {  # list endpoint → queries (the campaign, the page; a reader with a token: + the token, its user)
    "/cities": 2,
    "/officers": 2,
    "/kingdoms": 2,
    "/roads": 2,
    "/moves": 2,
    "/armies": 3,
    "/sieges": 2,
    "/games": 2,
    "/boards": 2,
}


@pytest.mark.django_db
def test_every_list_reads_a_pinned_number_of_queries_at_two_sizes(client, world, clock):
    slug = world.campaign.slug
    besiege(world, clock, "漢中", ARMY)

    def counts() -> dict[str, int]:
        found = {}
        for path, _pinned in LISTS.items():
            with CaptureQueriesContext(connection) as queries:
                assert read(client, f"/c/{slug}{path}").status_code == 200
            found[path] = len(queries)
        return found

    small = counts()
    assert small == LISTS
    users = get_user_model().objects.bulk_create([get_user_model()(username=f"extra{n}") for n in range(30)])
    xuchang, kingdom = world.city("許昌"), world["曹操"].kingdom
    extra = Officer.objects.bulk_create(
        [
            Officer(
                campaign=world.campaign,
                user=user,
                kingdom=kingdom,
                name=f"將{n}",
                stars=1,
                kind="general",
                whereabouts="city",
                city=xuchang,
            )
            for n, user in enumerate(users)
        ]
    )
    for officer in extra[:5]:
        move_order(actor=world["曹操"], officer=officer, destination=world.city("洛陽"))
    assert counts() == small


@pytest.mark.django_db
def test_a_page_of_no_items_is_refused_naming_the_field(client, world, clock):
    """`page_size` is 1 to 200: zero or below is the invalid field it is (not one item and a
    `next` link asking for zero again); above 200 is a page of 200."""
    slug = world.campaign.slug
    for size in ("0", "-1"):
        refused = read(client, f"/c/{slug}/cities?page_size={size}", HTTP_ACCEPT_LANGUAGE="en")
        assert refused.status_code == 400 and "page_size" in refused.json()["message"]
    assert len(read(client, f"/c/{slug}/cities?page_size=1").json()["results"]) == 1
