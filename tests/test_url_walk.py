"""Ids and pages never answer 500: every URL pattern of the site (read from the URL
resolver) and every operation of the API (read from its OpenAPI schema) is tried with ids that
name nothing (a missing id, 0, the largest the database holds: 2⁶³−1) and ids beyond its range
(2⁶³, 10²⁰), in the path, in the query string and in the posted form or body, as the anonymous
visitor and as a logged-in officer (a king: the furthest through the authority checks), by GET
and by POST. None may answer a 500; the API answers its JSON error. A new route is walked
without editing this test.

The admin's walk is tests/test_admin_walk.py."""

import re
from urllib.parse import urlencode

import pytest
from django.test import Client

from accounts.services import token_create
from campaign.inputs import FIELD_LABELS
from tests.walk import (
    BAD_IDS,
    NUL,
    api_operations,
    api_request,
    describe,
    failed,
    names_read,
    route_url,
    site_routes,
    view_sources,
)


def test_the_walk_finds_the_routes_and_the_fields_it_fills():
    """The walk reads what it tries from the code: a walk that found nothing could not fail."""
    routes = dict((name, route) for route, name in site_routes())
    assert routes["siege"] == "c/<slug:slug>/sieges/<id:siege_id>/"
    assert {"officer", "origin", "quote", "kingdom"} <= names_read(view_sources(), "GET")
    assert {"army", "attacker", "ransom"} <= names_read(view_sources(), "POST") | set(FIELD_LABELS)


@pytest.mark.django_db
def test_no_page_answers_500_for_an_id_that_names_nothing_or_is_out_of_range(world):
    slug = world.campaign.slug
    sources = view_sources()
    query_names = sorted(names_read(sources, "GET"))
    form_names = sorted(names_read(sources, "POST") | set(FIELD_LABELS))
    anonymous = Client(raise_request_exception=False)
    officer = Client(raise_request_exception=False)
    king = world["曹操"]
    officer.force_login(king.user)
    failures, tried = [], 0
    for route, name in site_routes():
        for value in BAD_IDS.values():
            url, has_id = route_url(route, slug, value)
            query = {key: str(value) for key in query_names}
            # The form's ids as bad as the path's, then in range (1), so that the path's id
            # reaches the lookups that a form's bad id would have stopped before.
            forms = [{key: str(posted) for key in form_names} | {f"rank_{posted}": "general"} for posted in (value, 1)]
            for who, client in (("anonymous", anonymous), ("king", officer)):
                for method, form in [("GET", None)] + [("POST", form) for form in forms]:
                    response = client.get(url, query) if form is None else client.post(url, form)
                    tried += 1
                    if failed(response):
                        failures.append(describe(method, url, who, response))
                    if name == "logout":
                        officer.force_login(king.user)
            if not has_id:
                break
    assert tried > 300
    assert failures == [], "\n".join(failures)


@pytest.mark.django_db
def test_no_api_operation_answers_500_for_an_id_that_names_nothing_or_is_out_of_range(world):
    slug = world.campaign.slug
    _token, text = token_create(user=world["曹操"].user, name="walk", scope="act")
    client = Client(raise_request_exception=False)
    operations, components = api_operations()
    failures, tried = [], 0
    for path, method, operation in operations:
        for value in BAD_IDS.values():
            url, query, bodies = api_request(path, operation, components, slug, value)
            for who, headers in (("anonymous", {}), ("king", {"HTTP_AUTHORIZATION": f"Bearer {text}"})):
                for body in bodies if method == "post" else [None]:
                    if body is None:
                        response = client.get(url, query, **headers)
                    else:
                        where = f"{url}?{urlencode(query)}" if query else url
                        response = client.post(where, body, content_type="application/json", **headers)
                    tried += 1
                    if failed(response):
                        failures.append(describe(method.upper(), url, who, response))
                    elif response.status_code >= 400 and set(response.json()) != {"code", "clause", "message"}:
                        failures.append(describe(method.upper(), url, who, response) + " is not the API's error")
    assert tried > 300
    assert failures == [], "\n".join(failures)


@pytest.mark.django_db
def test_no_page_or_api_operation_answers_500_for_a_text_with_a_nul(world):
    """Every name a view or selector reads, and every text of every API operation, sent with a
    NUL inside (the ids in range): refused with a message or ignored, never a 500 (CI runs this on
    PostgreSQL too, where the database itself refuses the character)."""
    slug = world.campaign.slug
    sources = view_sources()
    king = Client(raise_request_exception=False)
    king.force_login(world["曹操"].user)
    _token, text = token_create(user=world["曹操"].user, name="walk", scope="act")
    failures, tried = [], 0
    query = {key: NUL for key in names_read(sources, "GET")}
    form = {key: NUL for key in names_read(sources, "POST") | set(FIELD_LABELS)}
    for route, _name in site_routes():
        url, _has_id = route_url(route, slug, 1)
        for method in ("GET", "POST"):
            answer = king.get(url, query) if method == "GET" else king.post(url, form)
            tried += 1
            if failed(answer):
                failures.append(describe(method, url, "king", answer))
        if _name == "logout":
            king.force_login(world["曹操"].user)
    operations, components = api_operations()
    for path, method, operation in operations:
        url, parameters, bodies = api_request(path, operation, components, slug, 1, text=NUL)
        parameters |= {"q": NUL} if "search" in path else {}
        headers = {"HTTP_AUTHORIZATION": f"Bearer {text}"}
        for body in bodies if method == "post" else [None]:
            if body is None:
                answer = king.get(url, parameters, **headers)
            else:
                where = f"{url}?{urlencode(parameters)}" if parameters else url
                answer = king.post(where, body, content_type="application/json", **headers)
            tried += 1
            if failed(answer):
                failures.append(describe(method.upper(), url, "king", answer))
    assert tried > 100
    assert failures == [], "\n".join(failures)


@pytest.mark.django_db(transaction=True)
def test_a_socket_with_an_id_that_names_nothing_or_is_out_of_range_is_refused():
    """Every socket route with an id (from the router), with each bad id: refused with 4404."""
    from asgiref.sync import async_to_sync
    from channels.testing.websocket import WebsocketCommunicator  # (channels.testing imports daphne)

    from config.asgi import application
    from live.routing import websocket_urlpatterns
    from ops.demo import DEMO_SLUG

    routes = [str(p.pattern) for p in websocket_urlpatterns if re.search(r"<(int|id):", str(p.pattern))]
    assert routes

    async def scenario():
        for route in routes:
            for value in BAD_IDS.values():
                url, _has_id = route_url(route, DEMO_SLUG, value)
                headers = [(b"host", b"localhost"), (b"origin", b"http://localhost")]  # the site's own origin
                communicator = WebsocketCommunicator(application, url, headers=headers)
                connected, code = await communicator.connect()
                assert not connected and code == 4404, (url, code)

    async_to_sync(scenario)()
