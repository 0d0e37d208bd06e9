"""Ids and pages never answer 500: every URL pattern of the site (read from the URL
resolver) and every operation of the API (read from its OpenAPI schema) is tried with ids that
name nothing (a missing id, 0, the largest the database holds: 2⁶³−1) and ids beyond its range
(2⁶³, 10²⁰), in the path, in the query string and in the posted form or body, as the anonymous
visitor and as a logged-in officer (a king: the furthest through the authority checks), by GET
and by POST. None may answer a 500; the API answers its JSON error. A new route is walked
without editing this test.

The admin's walk is tests/test_admin_walk.py."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from campaign.services.tokens import token_create
from campaign.views.forms import FIELD_LABELS

ROOT = Path(settings.BASE_DIR)
BAD_IDS = {"missing": 987_654, "zero": 0, "largest": 2**63 - 1, "2**63": 2**63, "10**20": 10**20}
# Walked elsewhere: the API from its schema (below), the admin in tests/test_admin_walk.py.
WALKED_ELSEWHERE = ("api/v1/", "admin/")
CONVERTER = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")
ID_CONVERTERS = {"int", "id"}


def _routes(patterns, prefix: str = ""):
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith(WALKED_ELSEWHERE):
            continue
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern.name


def site_routes() -> list[tuple[str, str]]:
    return list(_routes(get_resolver().url_patterns))


def _names_read(source: str, dictionary: str) -> set[str]:
    """The names a view reads from request.GET or request.POST (`.get("x")`, `["x"]`, `, "x"`),
    or a selector from the form it was given (`choice.get("x")`)."""
    return set(re.findall(rf'(?:{dictionary}|choice)(?:\.get\(|\.getlist\(|\[|,\s*)"(\w+)"', source))


def _view_sources() -> str:
    """The views' and the selectors' code (a selector may read the query a view hands it)."""
    folders = [ROOT / app / folder for app in ("campaign", "battles") for folder in ("views", "selectors")]
    return "\n".join(path.read_text() for folder in folders for path in folder.glob("*.py"))


def test_issue24_the_walk_finds_the_routes_and_the_fields_it_fills():
    """The walk reads what it tries from the code: a walk that found nothing could not fail."""
    routes = dict((name, route) for route, name in site_routes())
    assert routes["siege"] == "c/<slug:slug>/sieges/<id:siege_id>/"
    assert {"officer", "origin", "quote", "kingdom"} <= _names_read(_view_sources(), "GET")
    assert {"army", "attacker", "ransom"} <= _names_read(_view_sources(), "POST") | set(FIELD_LABELS)


def _url(route: str, slug: str, value: int) -> tuple[str, bool]:
    """The route with its ids set to `value`, its slug to the demo's and any other text to "x";
    and whether it has an id."""
    has_id = False

    def fill(match: re.Match) -> str:
        nonlocal has_id
        if match["converter"] in ID_CONVERTERS:
            has_id = True
            return str(value)
        return slug if match["converter"] == "slug" else "x"

    return "/" + CONVERTER.sub(fill, route), has_id


def _failed(response) -> bool:
    """A 500, or an exception the handler caught (the client does not re-raise it here)."""
    return response.status_code == 500 or getattr(response, "exc_info", None) is not None


def _describe(method: str, url: str, who: str, response) -> str:
    exc = getattr(response, "exc_info", None)
    return (
        f"{method} {url} as {who}: {response.status_code} {exc[1]!r}"
        if exc
        else f"{method} {url} as {who}: {response.status_code}"
    )


@pytest.mark.django_db
def test_issue24_no_page_answers_500_for_an_id_that_names_nothing_or_is_out_of_range(world):
    slug = world.campaign.slug
    sources = _view_sources()
    query_names = sorted(_names_read(sources, "GET"))
    form_names = sorted(_names_read(sources, "POST") | set(FIELD_LABELS))
    anonymous = Client(raise_request_exception=False)
    officer = Client(raise_request_exception=False)
    king = world["曹操"]
    officer.force_login(king.user)
    failures, tried = [], 0
    for route, name in site_routes():
        for value in BAD_IDS.values():
            url, has_id = _url(route, slug, value)
            query = {key: str(value) for key in query_names}
            # The form's ids as bad as the path's, then in range (1), so that the path's id
            # reaches the lookups that a form's bad id would have stopped before.
            forms = [{key: str(posted) for key in form_names} | {f"rank_{posted}": "general"} for posted in (value, 1)]
            for who, client in (("anonymous", anonymous), ("king", officer)):
                for method, form in [("GET", None)] + [("POST", form) for form in forms]:
                    response = client.get(url, query) if form is None else client.post(url, form)
                    tried += 1
                    if _failed(response):
                        failures.append(_describe(method, url, who, response))
                    if name == "logout":
                        officer.force_login(king.user)
            if not has_id:
                break
    assert tried > 300
    assert failures == [], "\n".join(failures)


# The API, from its OpenAPI schema.


def _schema_value(schema: dict, components: dict, value: int, text: str = "x"):
    """A body value for `schema`: every integer the bad id, texts `text`, booleans true."""
    if "$ref" in schema:
        return _schema_value(components[schema["$ref"].rsplit("/", 1)[1]], components, value, text)
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            options = [option for option in schema[key] if option.get("type") != "null"]
            return _schema_value(options[0], components, value, text)
    kind = schema.get("type")
    if kind == "object":
        if "properties" in schema:
            return {name: _schema_value(part, components, value, text) for name, part in schema["properties"].items()}
        extra = schema.get("additionalProperties")
        return {str(value): _schema_value(extra, components, value, text)} if isinstance(extra, dict) else {}
    if kind == "array":
        return [_schema_value(schema.get("items", {}), components, value, text)]
    return {"integer": value, "number": value, "boolean": True}.get(kind, text)


def api_operations() -> tuple[list[tuple[str, str, dict]], dict]:
    from api.main import api

    schema = api.get_openapi_schema(path_prefix="/api/v1/")
    return [
        (path, method, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
    ], schema["components"]["schemas"]


def _api_request(path: str, operation: dict, components: dict, slug: str, value: int, text: str = "x"):
    """The operation's path with every integer parameter (path or query) set to `value`, the slug
    the demo's, other required texts "x"; and the body with every integer `value`."""
    query = {}
    for parameter in operation.get("parameters", []):
        name, kind = parameter["name"], parameter.get("schema", {}).get("type")
        if "anyOf" in parameter.get("schema", {}):
            kinds = [option.get("type") for option in parameter["schema"]["anyOf"]]
            kind = "integer" if "integer" in kinds else kinds[0]
        filled = str(value) if kind == "integer" else (slug if name == "slug" else text)
        if parameter["in"] == "path":
            path = path.replace("{" + name + "}", filled)
        elif kind == "integer" or parameter.get("required"):
            query[name] = filled
    bodies = ["{}"]
    if "requestBody" in operation:
        content = operation["requestBody"]["content"]["application/json"]["schema"]
        # The body's ids as bad as the path's, then in range (1): the path's id reaches its lookup.
        bodies = [json.dumps(_schema_value(content, components, posted, text)) for posted in (value, 1)]
    return path, query, bodies


@pytest.mark.django_db
def test_issue24_no_api_operation_answers_500_for_an_id_that_names_nothing_or_is_out_of_range(world):
    slug = world.campaign.slug
    _token, text = token_create(user=world["曹操"].user, name="walk", scope="act")
    client = Client(raise_request_exception=False)
    operations, components = api_operations()
    failures, tried = [], 0
    for path, method, operation in operations:
        for value in BAD_IDS.values():
            url, query, bodies = _api_request(path, operation, components, slug, value)
            for who, headers in (("anonymous", {}), ("king", {"HTTP_AUTHORIZATION": f"Bearer {text}"})):
                for body in bodies if method == "post" else [None]:
                    if body is None:
                        response = client.get(url, query, **headers)
                    else:
                        where = f"{url}?{urlencode(query)}" if query else url
                        response = client.post(where, body, content_type="application/json", **headers)
                    tried += 1
                    if _failed(response):
                        failures.append(_describe(method.upper(), url, who, response))
                    elif response.status_code >= 400 and set(response.json()) != {"code", "clause", "message"}:
                        failures.append(_describe(method.upper(), url, who, response) + " is not the API's error")
    assert tried > 300
    assert failures == [], "\n".join(failures)


NUL = "a\x00b"  # PostgreSQL's text cannot hold NUL: a text stored unchecked is a 500 there


@pytest.mark.django_db
def test_issue24_no_page_or_api_operation_answers_500_for_a_text_with_a_nul(world):
    """Every name a view or selector reads, and every text of every API operation, sent with a
    NUL inside (the ids in range): refused with a message or ignored, never a 500 (CI runs this on
    PostgreSQL too, where the database itself refuses the character)."""
    slug = world.campaign.slug
    sources = _view_sources()
    king = Client(raise_request_exception=False)
    king.force_login(world["曹操"].user)
    _token, text = token_create(user=world["曹操"].user, name="walk", scope="act")
    failures, tried = [], 0
    query = {key: NUL for key in _names_read(sources, "GET")}
    form = {key: NUL for key in _names_read(sources, "POST") | set(FIELD_LABELS)}
    for route, _name in site_routes():
        url, _has_id = _url(route, slug, 1)
        for method in ("GET", "POST"):
            answer = king.get(url, query) if method == "GET" else king.post(url, form)
            tried += 1
            if _failed(answer):
                failures.append(_describe(method, url, "king", answer))
        if _name == "logout":
            king.force_login(world["曹操"].user)
    operations, components = api_operations()
    for path, method, operation in operations:
        url, parameters, bodies = _api_request(path, operation, components, slug, 1, text=NUL)
        parameters |= {"q": NUL} if "search" in path else {}
        headers = {"HTTP_AUTHORIZATION": f"Bearer {text}"}
        for body in bodies if method == "post" else [None]:
            if body is None:
                answer = king.get(url, parameters, **headers)
            else:
                where = f"{url}?{urlencode(parameters)}" if parameters else url
                answer = king.post(where, body, content_type="application/json", **headers)
            tried += 1
            if _failed(answer):
                failures.append(_describe(method.upper(), url, "king", answer))
    assert tried > 100
    assert failures == [], "\n".join(failures)


@pytest.mark.django_db
def test_issue24_a_token_named_with_a_nul_is_refused_and_a_link_with_one_names_nothing(world):
    from campaign.models import AccessToken

    king = Client(raise_request_exception=False)
    king.force_login(world["曹操"].user)
    answer = king.post("/accounts/tokens/new/", {"name": NUL, "scope": "read"}, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert answer.status_code == 200
    assert "含有控制字元（如 NUL）" in answer.content.decode()  # the king reads the site in Chinese
    assert not AccessToken.objects.filter(user=world["曹操"].user).exists()
    for method in ("get", "post"):
        link = getattr(Client(raise_request_exception=False), method)("/mail/unsubscribe/a%00b/")
        assert link.status_code < 500, (method, link.status_code)


# The clauses one by one.


def test_issue24_every_id_in_a_route_is_the_bounded_id():
    """One converter for every id of the site's paths and sockets (campaign/converters.py): a
    route written with `<int:…>` would let an id past the database's range reach a lookup."""
    from battles.routing import websocket_urlpatterns

    routes = [route for route, _name in site_routes()] + [str(p.pattern) for p in websocket_urlpatterns]
    unbounded = [route for route in routes if "<int:" in route]
    assert unbounded == []
    assert any("<id:" in route for route in routes)


@pytest.mark.django_db
def test_issue24_a_page_with_an_id_that_names_nothing_or_is_out_of_range_is_the_sites_404(world):
    slug = world.campaign.slug
    client = Client(raise_request_exception=False)
    for page in ("sieges", "armies", "games", "officers", "stratagems", "banqi", "boards", "threads"):
        for value in (999, 0, 2**63 - 1, 2**63, 10**20):
            response = client.get(f"/c/{slug}/{page}/{value}/", HTTP_ACCEPT_LANGUAGE="en")
            assert response.status_code == 404, (page, value)
            assert "404.html" in [t.name for t in response.templates], (page, value)
    for act in ("calls/", "retreat/", "retreat-money/", "roster/", "games/1/answer/"):
        client.force_login(world["曹操"].user)
        for value in (999, 2**63, 10**20):
            response = client.post(f"/c/{slug}/sieges/{value}/{act}", {"army": "1", "attacker": "1", "defender": "1"})
            assert response.status_code in (302, 403, 404), (act, value, response.status_code)


def api_get(path: str, **headers):
    return Client(raise_request_exception=False).get(path, **headers)


@pytest.mark.django_db
def test_issue24_an_api_id_out_of_range_is_the_apis_error_not_a_500(world):
    slug = world.campaign.slug
    for listing in ("cities", "officers"):
        for value in (0, 2**63, 10**20):
            refused = api_get(f"/api/v1/c/{slug}/{listing}?kingdom={value}", HTTP_ACCEPT_LANGUAGE="en")
            assert refused.status_code == 400, (listing, value)
            assert refused.json() == {
                "code": "invalid",
                "clause": "",
                "message": "These fields are missing or not valid: kingdom.",
            }
        assert api_get(f"/api/v1/c/{slug}/{listing}?kingdom={2**63 - 1}").json()["results"] == []
    for value in (0, 2**63, 10**20, "x"):
        refused = api_get(f"/api/v1/c/{slug}/sieges/{value}", HTTP_ACCEPT_LANGUAGE="en")
        assert refused.status_code == 404, value
        assert refused.json() == {"code": "not_found", "clause": "", "message": "There is no such thing here."}
    _token, text = token_create(user=world["曹操"].user, name="bot", scope="act")
    acts = {"calls": {"army": 1, "attacker": 1}, "games/1/answer": {"defender": 1}, "retreat": {"army": 1}}
    for act, body in acts.items():
        for value in (2**63, 10**20):
            refused = Client(raise_request_exception=False).post(
                f"/api/v1/c/{slug}/sieges/{value}/{act}",
                json.dumps(body),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {text}",
            )
            assert refused.status_code == 404 and refused.json()["code"] == "not_found", (act, value)


def test_issue24_every_id_of_the_api_is_the_one_bounded_type():
    """Every integer in a path, and every integer in a query but the paging's, is an id of
    1 to 2⁶³−1 in the schema (api/schemas.py `Id`)."""
    from campaign.rules.text import ID_MAX

    operations, _components = api_operations()
    unbounded = []
    for path, method, operation in operations:
        for parameter in operation.get("parameters", []):
            schema = parameter["schema"]
            kinds = [schema, *schema.get("anyOf", [])]
            integer = next((kind for kind in kinds if kind.get("type") == "integer"), None)
            if integer is None or (parameter["in"] == "query" and parameter["name"] in ("page", "page_size")):
                continue
            if (integer.get("minimum"), integer.get("maximum")) != (1, ID_MAX):
                unbounded.append(f"{method} {path} {parameter['name']}")
    assert unbounded == []


@pytest.mark.django_db
def test_issue24_an_unknown_api_path_is_the_apis_json_404_in_the_callers_language(world):
    slug = world.campaign.slug
    for path in ("/api/v1/nothing", f"/api/v1/c/{slug}/nothing/", f"/api/v1/c/{slug}/cities/", "/api/v1/c/"):
        english = api_get(path, HTTP_ACCEPT_LANGUAGE="en")
        assert english.status_code == 404, path
        assert english.json() == {"code": "not_found", "clause": "", "message": "There is no such thing here."}, path
        chinese = api_get(path, HTTP_ACCEPT_LANGUAGE="zh-TW")
        assert chinese.status_code == 404 and chinese.json()["message"] != english.json()["message"], path
        posted = Client(raise_request_exception=False).post(path, "{}", content_type="application/json")
        assert posted.status_code == 404 and posted.json()["code"] == "not_found", path
    page = Client(raise_request_exception=False).get("/nothing/")
    assert page.status_code == 404 and "404.html" in [t.name for t in page.templates]  # the site's page elsewhere


def test_issue24_the_sites_404_is_a_view_of_the_site_that_loads_the_api_only_for_its_paths():
    """`handler404` is the site's own view (config/errors.py), so the site's 404 does not depend on
    the API package: importing it loads no module of `api` (the API's JSON error, above, is
    delegated to for paths under the API's root)."""
    from config import urls

    handler = get_resolver().resolve_error_handler(404)
    assert urls.handler404 == "config.errors.not_found" and handler.__module__ == "config.errors"
    module = urls.handler404.rpartition(".")[0]
    script = (
        f"import sys, django; django.setup(); import {module}; "
        "print(sorted(m for m in sys.modules if m == 'api' or m.startswith('api.')))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    loaded = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "[]"


@pytest.mark.django_db(transaction=True)
def test_issue24_a_socket_with_an_id_that_names_nothing_or_is_out_of_range_is_refused():
    """Every socket route with an id (from the router), with each bad id: refused with 4404."""
    from asgiref.sync import async_to_sync
    from channels.testing.websocket import WebsocketCommunicator  # (channels.testing imports daphne)

    from battles.routing import websocket_urlpatterns
    from config.asgi import application
    from ops.demo import DEMO_SLUG

    routes = [str(p.pattern) for p in websocket_urlpatterns if re.search(r"<(int|id):", str(p.pattern))]
    assert routes

    async def scenario():
        for route in routes:
            for value in BAD_IDS.values():
                url, _has_id = _url(route, DEMO_SLUG, value)
                headers = [(b"host", b"localhost"), (b"origin", b"http://localhost")]  # the site's own origin
                communicator = WebsocketCommunicator(application, url, headers=headers)
                connected, code = await communicator.connect()
                assert not connected and code == 4404, (url, code)

    async_to_sync(scenario)()
