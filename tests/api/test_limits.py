"""The API knows who asks before it answers: a poll answered 304 checks its token (one
digest lookup) and counts against its limits like any read; a request with a token is limited
by its user alone (all of the user's tokens together), one without (or with a token that is not
valid) by its address; the address is the peer's, whatever X-Forwarded-For says."""

import secrets

import pytest
import redis
from django.conf import settings as django_settings
from django.test import Client

from accounts.services import token_create, token_revoke
from api.auth import UserThrottle


def address() -> str:
    """A fresh address: the limits are counted in the suite's Redis across tests."""
    return f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"


def uncounted(user) -> None:
    """The user's count emptied: the limits are counted in the suite's Redis, and a user's id
    comes back in the next test's world."""
    key = UserThrottle.cache_format % {"scope": UserThrottle.scope, "ident": user.pk}
    redis.Redis.from_url(django_settings.REDIS_URL).delete(f"api-rate:{key}")


def cities(client: Client, slug: str, token: str | None = None, etag: str | None = None):
    headers = {}
    if token:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    if etag:
        headers["HTTP_IF_NONE_MATCH"] = etag
    return client.get(f"/api/v1/c/{slug}/cities", **headers)


@pytest.mark.django_db(transaction=True)
def test_a_poll_with_an_unknown_token_is_a_401_not_a_304(world):
    client = Client(REMOTE_ADDR=address())
    slug = world.campaign.slug
    tag = cities(client, slug)["ETag"]
    assert cities(client, slug, etag=tag).status_code == 304  # anonymous: the copy is current
    for sent in ("cs_" + "x" * 43, "not-even-ours"):
        refused = cities(client, slug, token=sent, etag=tag)
        assert refused.status_code == 401 and refused.json()["code"] == "unauthenticated", sent


@pytest.mark.django_db(transaction=True)
def test_a_poll_with_a_token_costs_one_lookup_of_its_digest(world, django_assert_num_queries):
    _token, text = token_create(user=world["郭嘉"].user, name="poller", scope="read")
    client = Client(REMOTE_ADDR=address())
    slug = world.campaign.slug
    first = cities(client, slug, token=text)
    assert first.status_code == 200
    with django_assert_num_queries(1):  # the token by its digest, its user joined; nothing else
        again = cities(client, slug, token=text, etag=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]


@pytest.mark.django_db(transaction=True)
def test_polls_answered_304_count_against_the_tokens_limit(world, settings):
    settings.API_RATE_TOKEN = "3/min"
    uncounted(world["郭嘉"].user)
    _token, text = token_create(user=world["郭嘉"].user, name="poller", scope="read")
    client = Client(REMOTE_ADDR=address())
    slug = world.campaign.slug
    tag = cities(client, slug, token=text)["ETag"]
    answers = [cities(client, slug, token=text, etag=tag).status_code for _ in range(3)]
    assert answers == [304, 304, 429]
    assert cities(client, slug, token=text).status_code == 429  # the plain read alike


@pytest.mark.django_db(transaction=True)
def test_anonymous_polls_answered_304_count_against_the_address(world, settings):
    settings.API_RATE_ADDRESS = "2/min"
    client = Client(REMOTE_ADDR=address())
    slug = world.campaign.slug
    tag = cities(client, slug)["ETag"]
    assert [cities(client, slug, etag=tag).status_code for _ in range(2)] == [304, 429]


@pytest.mark.django_db
def test_an_anonymous_burst_does_not_stop_the_tokens_of_its_address(world, clock, settings):
    """Many players behind one router: anonymous readers using up the address's rate leave a
    player's token its own; and a token's reads do not use up the address's."""
    settings.API_RATE_ADDRESS = "3/min"
    shared = address()
    _token, text = token_create(user=world["郭嘉"].user, name="fresh", scope="read")
    anonymous, player = Client(REMOTE_ADDR=shared), Client(REMOTE_ADDR=shared)
    assert [anonymous.get("/api/v1/campaigns").status_code for _ in range(4)] == [200, 200, 200, 429]
    for _ in range(5):
        assert player.get("/api/v1/campaigns", HTTP_AUTHORIZATION=f"Bearer {text}").status_code == 200
    other = address()
    for _ in range(5):
        Client(REMOTE_ADDR=other).get("/api/v1/campaigns", HTTP_AUTHORIZATION=f"Bearer {text}")
    assert Client(REMOTE_ADDR=other).get("/api/v1/campaigns").status_code == 200


@pytest.mark.django_db
def test_tokens_that_are_not_valid_are_counted_by_their_address(world, clock, settings):
    """Guessing tokens: each costs one digest lookup and counts against the address like an
    anonymous request, then 429 (the limit's message) instead of 401."""
    settings.API_RATE_ADDRESS = "2/min"
    client = Client(REMOTE_ADDR=address())
    guesses = [
        client.get("/api/v1/campaigns", HTTP_AUTHORIZATION=f"Bearer cs_{secrets.token_urlsafe(32)}").status_code
        for _ in range(3)
    ]
    assert guesses == [401, 401, 429]
    slug = world.campaign.slug
    act = client.post(
        f"/api/v1/c/{slug}/moves/request", "{}", content_type="application/json", HTTP_AUTHORIZATION="Bearer cs_x"
    )
    assert act.status_code == 429 and act.json()["code"] == "rate_limited" and int(act["Retry-After"]) > 0


@pytest.mark.django_db
def test_a_forwarded_for_header_does_not_make_a_new_address(world, clock, settings):
    """No proxy is trusted unless TRUSTED_PROXIES names it, and then uvicorn, not the API, reads
    the header (tests/test_addresses.py): 400 reads with a rotating header are one address."""
    settings.API_RATE_ADDRESS = "3/min"
    peer = address()
    answers = [
        Client(REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=address()).get("/api/v1/campaigns").status_code for _ in range(5)
    ]
    assert answers == [200, 200, 200, 429, 429]


@pytest.mark.django_db
def test_all_of_a_users_tokens_share_one_count_and_a_new_token_starts_none(world, clock, settings):
    """API_RATE_TOKEN is the user's ceiling: their tokens (up to MAX_TOKENS) draw on one count, and
    revoking a token and making another does not empty it; another user's token counts apart."""
    settings.API_RATE_TOKEN = "4/min"
    guo = world["郭嘉"].user
    uncounted(guo)
    uncounted(world["曹仁"].user)
    first, one = token_create(user=guo, name="one", scope="read")
    _second, two = token_create(user=guo, name="two", scope="read")
    client = Client(REMOTE_ADDR=address())

    def campaigns(text: str) -> int:
        return client.get("/api/v1/campaigns", HTTP_AUTHORIZATION=f"Bearer {text}").status_code

    assert [campaigns(one), campaigns(two), campaigns(one), campaigns(two)] == [200] * 4
    assert [campaigns(one), campaigns(two)] == [429, 429]
    token_revoke(user=guo, token=first)
    _third, three = token_create(user=guo, name="three", scope="read")
    assert campaigns(three) == 429  # a new token, the same user's count
    _other, theirs = token_create(user=world["曹仁"].user, name="theirs", scope="read")
    assert campaigns(theirs) == 200


@pytest.mark.django_db(transaction=True)
def test_a_polls_tag_is_its_own_pages_and_its_own_tokens(world):
    """The tag of a poll's 200 confirms that very page, filter and token only: page 1's tag sent
    with the next page's cursor, with a kingdom's filter, by another token or by nobody gets the
    page it asked for (200, another tag), never a 304 for a page it never saw."""
    client = Client(REMOTE_ADDR=address())
    slug = world.campaign.slug
    first = client.get(f"/api/v1/c/{slug}/cities?page_size=2")
    tag = first["ETag"]
    assert client.get(f"/api/v1/c/{slug}/cities?page_size=2", HTTP_IF_NONE_MATCH=tag).status_code == 304
    cursor = first.json()["next"].split("?", 1)[1]
    wei = world.city("許昌").kingdom_id
    for query in (cursor, f"page_size=2&kingdom={wei}", f"kingdom={wei}&page_size=2", "page_size=3"):
        other = client.get(f"/api/v1/c/{slug}/cities?{query}", HTTP_IF_NONE_MATCH=tag)
        assert other.status_code == 200 and other["ETag"] != tag and other.json()["results"], query
    _one, mine = token_create(user=world["郭嘉"].user, name="mine", scope="read")
    _two, theirs = token_create(user=world["曹仁"].user, name="theirs", scope="read")
    _three, also_mine = token_create(user=world["郭嘉"].user, name="also mine", scope="read")
    mine_tag = cities(client, slug, token=mine)["ETag"]
    assert cities(client, slug, token=mine, etag=mine_tag).status_code == 304
    for sent in (theirs, also_mine, None):
        other = cities(client, slug, token=sent, etag=mine_tag)
        assert other.status_code == 200 and other["ETag"] != mine_tag, sent
    anonymous_tag = cities(client, slug)["ETag"]
    assert cities(client, slug, token=mine, etag=anonymous_tag).status_code == 200
