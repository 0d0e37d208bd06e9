"""A world version that could not be stamped is never taken as current: after a write whose stamp
Redis did not take (here the real Redis pausing its writes past the client's timeout, as a
Redis too busy to answer in time), the refreshed page is rendered in full, with no tag and no
304 (Django's ConditionalGetMiddleware may still tag it by its content, which is then the new
content's), until a new version is stamped; then the new tag, and 304s with it again. Otherwise a
reader's copy of before the write would be confirmed (304) and the write never shown."""

import time

import pytest
import redis
from django.conf import settings
from django.test import Client
from django.urls import reverse

from orders.services.personnel import governor_appoint

PAUSE_MS = 2500  # past the stamp's timeout (campaign/redis_clients.py: 0.5 s)


def fetch(client: Client, world, etag: str | None = None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(reverse("dashboard-live", args=[world.campaign.slug]), **headers)


def world_tag(response) -> bool:
    """Whether the answer is tagged by a world version (campaign/conditional.py: version-minute-digest)."""
    return response.get("ETag", "").count("-") == 2


@pytest.mark.django_db(transaction=True)
def test_a_write_not_stamped_is_never_answered_304_until_a_new_version_is(world):
    client = Client()
    before = fetch(client, world)
    etag = before["ETag"]
    assert fetch(client, world, etag).status_code == 304
    city = world.city("許昌")
    pausing = redis.Redis.from_url(settings.REDIS_URL)
    pausing.client_pause(PAUSE_MS, all=False)  # writes wait; reads are answered
    paused_at = time.monotonic()
    try:
        governor_appoint(actor=world["曹操"], city=city, officer=world["郭嘉"])  # its stamp times out
        assert time.monotonic() - paused_at < PAUSE_MS / 1000, "still paused: the stamp failed"
        during = fetch(client, world, etag)
        assert during.status_code == 200 and "郭嘉" in during.content.decode(), "rendered in full"
        assert not world_tag(during), "no world version's tag"
    finally:
        pausing.client_unpause()
    deadline = time.monotonic() + 10
    while not world_tag(after := fetch(client, world, etag)) and time.monotonic() < deadline:
        time.sleep(0.1)  # stamped again in the background once Redis takes writes
    assert after.status_code == 200 and world_tag(after) and after["ETag"] != etag
    assert "郭嘉" in after.content.decode()
    assert fetch(client, world, after["ETag"]).status_code == 304
