"""The handshake's Origin must be the site's own, port and scheme included (behind a TLS proxy as
well), as Django's CSRF check wants it for a form: a page on another port cannot act with a
player's cookie. Channels' WebsocketCommunicator against the site's ASGI application."""

import json

import pytest
from asgiref.sync import async_to_sync

from play.models import Game
from tests.config.sockets import SITE, dashboard, socket
from tests.live.test_live_socket import sessions
from tests.worlds import besiege, make_world

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_origin_on_another_port_or_scheme_is_refused_and_the_sites_own_accepted(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://siege.example.org", "https://*.forum.example.org"]
    world = make_world()
    path = dashboard(world)
    refused = [
        {"origin": b"http://127.0.0.1:9999"},  # another port of the site's host
        {"origin": b"http://127.0.0.1"},
        {"origin": b"https://127.0.0.1:8000"},  # another scheme
        {"origin": SITE, "scheme": "wss"},  # a page over http for a socket over TLS
        {"origin": None},  # no Origin: not a browser's page
        {"origin": b"null"},
        {"origin": b"http://evil.test:8000", "host": b"evil.test:8000"},  # a host not in ALLOWED_HOSTS
        {"origin": b"https://siege.example.org:8443"},
        {"origin": b"https://forum.example.org.evil.test"},
    ]
    accepted = [
        {},
        {"origin": b"http://localhost:8000", "host": b"localhost:8000"},
        {"origin": b"https://127.0.0.1:8000", "scheme": "wss"},
        {"origin": b"https://siege.example.org"},  # CSRF_TRUSTED_ORIGINS
        {"origin": b"https://board.forum.example.org"},
    ]

    async def scenario():
        for case in refused:
            assert await socket(path, **case).connect() == (False, 4403), case
        for case in accepted:
            communicator = socket(path, **case)
            assert (await communicator.connect())[0], case
            await communicator.disconnect()

    async_to_sync(scenario)()


def test_behind_a_tls_proxy_the_origin_is_https_as_csrf_reads_it(settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    world = make_world()

    def behind_the_proxy(origin):
        communicator = socket(dashboard(world), origin=origin)
        communicator.scope["headers"].append((b"x-forwarded-proto", b"https"))
        return communicator

    async def scenario():
        communicator = behind_the_proxy(b"https://127.0.0.1:8000")
        assert (await communicator.connect())[0]
        await communicator.disconnect()
        assert await behind_the_proxy(SITE).connect() == (False, 4403)

    async_to_sync(scenario)()


def test_a_page_on_another_port_cannot_ready_a_players_game(clock):
    """The case the check is for: a player's session cookie sent from a page on another port of the site's
    host is refused before "ready" can be read; from the site's own page it is applied."""
    from battles.services.siege import siege_call, siege_call_answer

    world = make_world()
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")])
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    session = sessions("xuchu")["xuchu"]
    path = f"/ws/c/{world.campaign.slug}/games/{game.pk}/"

    async def scenario():
        assert await socket(path, session, origin=b"http://127.0.0.1:9999").connect() == (False, 4403)
        own = socket(path, session)
        assert (await own.connect())[0]
        assert json.loads(await own.receive_from(timeout=5))["type"] == "state"
        await own.send_to(text_data=json.dumps({"action": "ready"}))
        assert json.loads(await own.receive_from(timeout=5))["type"] == "state"
        await own.disconnect()

    async_to_sync(scenario)()
    assert Game.objects.get(pk=game.pk).attacker_ready
