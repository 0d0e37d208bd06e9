"""A socket that only listens (the dark-chess page's, the dashboard's, the notices') closes on its
first frame, and the sockets of a process share one database connection that a socket closing
keeps. Channels' WebsocketCommunicator against the site's ASGI application on the real Redis."""

import pytest
from asgiref.sync import async_to_sync

from tests.config.sockets import closed_with, dashboard, socket
from tests.live.test_live_socket import sessions
from tests.worlds import make_world

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_flood_closes_every_socket(clock):
    """The sockets that only listen (the dark-chess page's, the dashboard's, the notices') close
    at the first frame (4400), without an answer; the game's closes on a flood (4008:
    tests/live/test_live_socket.py)."""
    from battles.services.stratagems import stratagem_accept
    from tests.battles.test_stratagems import challenge

    world = make_world()
    banqi = stratagem_accept(actor=world["張飛"], stratagem=challenge(world)).banqi
    session = sessions("weiyan")["weiyan"]
    slug = world.campaign.slug

    async def scenario():
        cases = [
            (f"/ws/c/{slug}/banqi/{banqi.pk}/", None, 4400, 0),
            (dashboard(world), None, 4400, 0),
            (f"/ws/c/{slug}/notices/", session, 4400, 0),
        ]
        for path, cookie, code, answers in cases:
            communicator = socket(path, cookie)
            assert (await communicator.connect())[0], path
            if "dashboard" in path:
                await communicator.receive_output(timeout=5)  # the page's first section
            assert await closed_with(communicator, 25) == (code, answers), path
            await communicator.disconnect()

    async_to_sync(scenario)()


def test_a_frame_sent_to_the_notices_socket_closes_it():
    world = make_world()
    session = sessions("weiyan")["weiyan"]

    async def scenario():
        communicator = socket(f"/ws/c/{world.campaign.slug}/notices/", session)
        assert (await communicator.connect())[0]
        assert await closed_with(communicator, 1) == (4400, 0)
        await communicator.disconnect()

    async_to_sync(scenario)()


def test_a_socket_closing_keeps_the_database_connection_the_sockets_share():
    """Every socket of a process does its database work in one thread with one kept connection:
    a socket that leaves (a flooder closed at its first frame, again and again) does not close it."""
    from django.db import connection

    from campaign.kept_connection import KeptConnection

    world = make_world()

    def current():
        connection.ensure_connection()
        return connection.connection

    async def scenario():
        before = await KeptConnection(current)()
        communicator = socket(dashboard(world))
        assert (await communicator.connect())[0]
        assert (await closed_with(communicator, 1))[0] == 4400
        await communicator.disconnect()
        return before, await KeptConnection(current)()

    before, after = async_to_sync(scenario)()
    assert before is after
