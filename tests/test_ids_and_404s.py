"""Ids and missing things one by one: every id of a route, a socket and the API is the one bounded
id type; a page, an act or an API call with an id that names nothing or is out of range is the
site's 404 or the API's JSON error, never a 500; a name with a NUL is refused; the site's 404 is
its own view, which loads no module of the API."""

import ast
import json
import os
import subprocess
import sys

import pytest
from django.test import Client
from django.urls import get_resolver

from accounts.services import token_create
from tests.walk import NUL, ROOT, api_get, api_operations, site_routes


@pytest.mark.django_db
def test_a_token_named_with_a_nul_is_refused_and_a_link_with_one_names_nothing(world):
    from accounts.models import AccessToken

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


def test_every_id_in_a_route_is_the_bounded_id():
    """One converter for every id of the site's paths and sockets (campaign/converters.py): a
    route written with `<int:…>` would let an id past the database's range reach a lookup."""
    from live.routing import websocket_urlpatterns

    routes = [route for route, _name in site_routes()] + [str(p.pattern) for p in websocket_urlpatterns]
    unbounded = [route for route in routes if "<int:" in route]
    assert unbounded == []
    assert any("<id:" in route for route in routes)


@pytest.mark.django_db
def test_a_page_with_an_id_that_names_nothing_or_is_out_of_range_is_the_sites_404(world):
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


@pytest.mark.django_db
def test_an_api_id_out_of_range_is_the_apis_error_not_a_500(world):
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


def test_every_id_of_the_api_is_the_one_bounded_type():
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
def test_an_unknown_api_path_is_the_apis_json_404_in_the_callers_language(world):
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


def test_the_sites_404_is_a_view_of_the_site_that_loads_the_api_only_for_its_paths():
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


def test_no_view_looks_a_thing_up_itself():
    """One look-up per thing: a page finds what its id names through its app's `lookups.py`, as
    the API and the terminal do, so that a thing missing, or another campaign's, is one 404 alike
    wherever it is asked for; what it lists, through a selector. A view's own `get_object_or_404`
    or query of a model's manager (`Model.objects…`) would be a second look-up beside them."""
    views = sorted({*ROOT.glob("*/views.py"), *ROOT.glob("*/views/*.py")} - {*ROOT.glob("tests/**/*.py")})
    assert {"campaign", "forum", "battles", "accounts", "bbs"} <= {path.parent.name for path in views} | {
        path.parent.parent.name for path in views
    }
    own = []
    for path in views:
        for node in ast.walk(ast.parse(path.read_text())):
            by_shortcut = isinstance(node, ast.Name) and node.id in ("get_object_or_404", "get_list_or_404")
            by_manager = isinstance(node, ast.Attribute) and node.attr in ("objects", "_default_manager")
            if by_shortcut or by_manager:
                own.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert own == []
