"""The dashboard's refresh: compressed when the browser accepts it, and a refresh with
nothing changed answered 304 Not Modified (its ETag), so a page polling every 5 seconds gets a
few hundred bytes instead of the whole table; a change makes a new ETag."""

import gzip

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from battles.services.ledger import value_change
from campaign import clock


@pytest.mark.django_db(transaction=True)  # the ETag's version is stamped when a change commits
def test_the_dashboard_refresh_is_compressed_and_304_when_nothing_changed(world):
    client = Client()
    url = reverse("dashboard-live", args=[world.campaign.slug])
    with time_machine.travel(clock.now(), tick=False):  # both renders say "Updated" at the same second
        plain = client.get(url)
        packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) * 4 < len(plain.content), (len(packed.content), len(plain.content))
    etag = plain["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    value_change(
        key="test:wall",
        city=world.city("漢中"),
        delta=-5,
        clause="R7.1",
        cause="daily",
        names={},
        due_at=clock.now(),
    )
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
