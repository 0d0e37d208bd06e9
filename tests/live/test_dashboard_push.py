"""Deltas over the live channel: an open dashboard's websocket (live/dashboard_push.py,
through Channels' WebsocketCommunicator on the real Redis) is sent nothing while nothing changes,
only the rows that a committed change touched (R7.1's wall, R3.4's move on the road), in the
reader's language; the whole section when the page was drawn before a change or its cities are
no longer the same; and a frame sent to it closes it (it only listens)."""

import asyncio
import html
import json
import re

import pytest
from asgiref.sync import async_to_sync
from channels.testing.websocket import WebsocketCommunicator  # (channels.testing imports daphne)
from django.test import Client

from battles.services.ledger import value_change
from campaign import clock
from config.asgi import application
from orders.services.moves import move_order
from tests.worlds import make_world

pytestmark = pytest.mark.django_db(transaction=True)


def drawn(world, query: str = "", language: str = "zh-hant") -> str:
    """The socket address the dashboard page gives the browser (its filter and version)."""
    client = Client()
    client.cookies["django_language"] = language
    page = client.get(f"/c/{world.campaign.slug}/{query}").content.decode()
    return html.unescape(re.search(r'data-socket="([^"]+)"', page).group(1))


def socket(path: str, language: str = "zh-hant") -> WebsocketCommunicator:
    headers = [
        (b"host", b"localhost"),
        (b"origin", b"http://localhost"),
        (b"cookie", f"django_language={language}".encode()),
    ]
    return WebsocketCommunicator(application, path, headers=headers)


async def message(communicator) -> dict:
    return json.loads(await communicator.receive_from(timeout=5))


def rows_in(text: str) -> set[str]:
    return set(re.findall(r'<tr id="city-\d+" data-city="([^"]+)"', text))


def test_a_wall_change_sends_that_citys_row_only():
    world = make_world()
    path = drawn(world)
    city = world.city("漢中")
    expected = f"{city.wall - 7} / {city.wall_max}"

    async def scenario():
        communicator = socket(path)
        assert (await communicator.connect())[0]
        assert await communicator.receive_nothing(timeout=1)  # the page is current: nothing to send
        await sync(value_change)(
            key="push:wall", city=city, delta=-7, clause="R7.1", cause="daily", names={}, due_at=clock.now()
        )
        pushed = await message(communicator)
        assert pushed["type"] == "parts"
        assert rows_in(pushed["html"]) == {"漢中"}  # of the world's cities, the one that changed
        assert expected in pushed["html"]
        assert 'id="dashboard-updated"' in pushed["html"] and "更新" in pushed["html"]  # the reader's language
        assert await communicator.receive_nothing(timeout=1)  # once
        await communicator.disconnect()

    async_to_sync(scenario)()


def test_a_move_sends_the_road_and_the_destinations_row():
    world = make_world()
    path = drawn(world, language="en")
    king, officer, destination = world["曹操"], world["郭嘉"], world.city("許昌")

    async def scenario():
        communicator = socket(path, language="en")
        assert (await communicator.connect())[0]
        assert await communicator.receive_nothing(timeout=1)
        await sync(move_order)(actor=king, officer=officer, destination=destination)
        pushed = await message(communicator)
        assert pushed["type"] == "parts"
        assert 'id="dashboard-road"' in pushed["html"] and "郭嘉" in pushed["html"]
        assert "許昌" in rows_in(pushed["html"]) and "漢中" not in rows_in(pushed["html"])
        assert "Updated" in pushed["html"]
        await communicator.disconnect()

    async_to_sync(scenario)()


def test_a_page_drawn_before_a_change_gets_the_whole_section_at_once():
    world = make_world()
    path = drawn(world)
    names = {city.name for city in world.campaign.cities.all()}
    value_change(
        key="push:before", city=world.city("漢中"), delta=-3, clause="R7.1", cause="daily", names={}, due_at=clock.now()
    )

    async def scenario():
        communicator = socket(path)
        assert (await communicator.connect())[0]
        pushed = await message(communicator)
        assert pushed["type"] == "section" and pushed["html"].startswith('<section id="dashboard"')
        assert rows_in(pushed["html"]) == names
        await communicator.disconnect()

    async_to_sync(scenario)()


def test_a_kingdoms_page_gets_the_section_when_a_city_leaves_it():
    world = make_world()
    wei = world["曹操"].kingdom
    path = drawn(world, f"?kingdom={wei.pk}")
    city = world.campaign.cities.filter(kingdom=wei).order_by("pk").last()
    shu = world["劉備"].kingdom

    async def scenario():
        communicator = socket(path)
        assert (await communicator.connect())[0]
        assert await communicator.receive_nothing(timeout=1)
        city.kingdom = shu  # taken (what R8.4's fall does to the city's row)
        await sync(city.save)(update_fields=["kingdom"])
        pushed = await message(communicator)
        assert pushed["type"] == "section" and city.name not in rows_in(pushed["html"])
        assert f"kingdom={wei.pk}" in pushed["html"]  # still the kingdom's page
        await communicator.disconnect()

    async_to_sync(scenario)()


def test_the_dashboards_socket_only_listens_a_frame_closes_it():
    world = make_world()
    path = drawn(world, language="en")

    async def scenario():
        communicator = socket(path, language="en")
        assert (await communicator.connect())[0]
        await communicator.send_to(text_data='{"action": "move"}')
        closed = await communicator.receive_output(timeout=5)  # no answer: the socket closes
        assert closed == {"type": "websocket.close", "code": 4400}
        await communicator.disconnect()
        unknown = socket("/ws/c/no-such-campaign/dashboard/")
        connected, code = await unknown.connect()
        assert not connected and code == 4404

    async_to_sync(scenario)()


def sync(function):
    from channels.db import database_sync_to_async

    return database_sync_to_async(function)


def test_a_change_the_watchers_first_look_sees_still_wakes_the_dashboards(redis_server):
    """The process's watcher starts with the first dashboard to open; the dashboard's first reading
    may come before a change the watcher's first look already sees (CI caught a page that never got
    its row): that first look wakes the dashboards too, so they read again."""
    from campaign import freshness
    from live.dashboard_push import Watcher

    async def scenario():
        woken = asyncio.Event()
        dashboard = type("Dashboard", (), {"wake": lambda self: woken.set()})()
        freshness.stamp()  # committed after the dashboard read, before the watcher looked
        watcher = Watcher()
        watcher.add(dashboard)
        await asyncio.wait_for(woken.wait(), timeout=2)
        watcher.dashboards.clear()
        await asyncio.wait_for(watcher.task, timeout=2)

    asyncio.run(scenario())
