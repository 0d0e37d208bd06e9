"""The dashboard's page number and kingdom filter, in the page's query and in its socket's, are
read by one parser: ASCII digits within a bound, else the default (the first page, no filter).
Digits that `str.isdigit()` passes but `int()` refuses ("²", "٣") and numbers too long to mean
a page are the same as a word: never a 500, never a socket that fails to open."""

from urllib.parse import urlencode

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from tests.conftest import make_world
from tests.live.test_dashboard_push import drawn, socket

NOT_NUMBERS = ("abc", "²", "٣", "-1", " 2", "9" * 10, "9" * 30, str(2**63))


@pytest.mark.django_db
@pytest.mark.parametrize("parameter", ["page", "kingdom"])
def test_a_page_or_filter_that_is_not_a_number_is_the_dashboards_first_page(parameter):
    world = make_world()
    first = drawn(world)
    for value in NOT_NUMBERS:
        response = Client(raise_request_exception=False).get(f"/c/{world.campaign.slug}/", {parameter: value})
        assert response.status_code == 200, value
        assert drawn(world, f"?{urlencode({parameter: value})}") == first, value  # understood as no page, no filter


@pytest.mark.django_db
def test_the_largest_page_number_read_is_an_empty_page_not_a_500():
    world = make_world()
    response = Client(raise_request_exception=False).get(f"/c/{world.campaign.slug}/", {"page": "9" * 9})
    assert response.status_code == 200
    assert f"page={'9' * 9}" in response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_sockets_page_or_filter_that_is_not_a_number_is_the_first_page():
    world = make_world()
    path = drawn(world)  # the first page's address, at its version

    async def scenario():
        for value in NOT_NUMBERS:
            for parameter in ("page", "kingdom"):
                communicator = socket(f"{path}&{urlencode({parameter: value})}")
                assert (await communicator.connect())[0], value
                assert await communicator.receive_nothing(timeout=0.2), value  # the first page, as drawn
                await communicator.disconnect()

    async_to_sync(scenario)()
