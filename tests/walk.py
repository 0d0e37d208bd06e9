"""What the URL walks (tests/test_url_walk.py, tests/test_admin_walk.py) try: the site's routes
read from the URL resolver and the API's operations from its OpenAPI schema, filled with ids that
name nothing (a missing id, 0, 2⁶³−1) or lie beyond the database's range (2⁶³, 10²⁰), and texts
with a NUL inside."""

import json
import re
from pathlib import Path

from django.conf import settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

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


def names_read(source: str, dictionary: str) -> set[str]:
    """The names a view reads from request.GET or request.POST (`.get("x")`, `["x"]`, `, "x"`),
    or a selector from the form it was given (`choice.get("x")`)."""
    return set(re.findall(rf'(?:{dictionary}|choice)(?:\.get\(|\.getlist\(|\[|,\s*)"(\w+)"', source))


def view_sources() -> str:
    """The views', the pages' shared decorators', the selectors' and the inputs' code (a selector or
    a parser may read the query a view hands it)."""
    folders = [
        ROOT / app / folder
        for app in (
            "campaign",
            "forum",
            "delivery",
            "seasons",
            "orders",
            "play",
            "battles",
            "dashboard",
            "record",
            "analysis",
            "accounts",
        )
        for folder in ("views", "selectors")
    ]
    paths = [path for folder in folders for path in folder.glob("*.py")]
    paths += [ROOT / app / "inputs.py" for app in ("campaign", "battles", "play")] + [ROOT / "campaign" / "pages.py"]
    return "\n".join(path.read_text() for path in paths)


def route_url(route: str, slug: str, value: int) -> tuple[str, bool]:
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


def failed(response) -> bool:
    """A 500, or an exception the handler caught (the client does not re-raise it here)."""
    return response.status_code == 500 or getattr(response, "exc_info", None) is not None


def describe(method: str, url: str, who: str, response) -> str:
    exc = getattr(response, "exc_info", None)
    return (
        f"{method} {url} as {who}: {response.status_code} {exc[1]!r}"
        if exc
        else f"{method} {url} as {who}: {response.status_code}"
    )


# The API, from its OpenAPI schema.


def schema_value(schema: dict, components: dict, value: int, text: str = "x"):
    """A body value for `schema`: every integer the bad id, texts `text`, booleans true."""
    if "$ref" in schema:
        return schema_value(components[schema["$ref"].rsplit("/", 1)[1]], components, value, text)
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            options = [option for option in schema[key] if option.get("type") != "null"]
            return schema_value(options[0], components, value, text)
    kind = schema.get("type")
    if kind == "object":
        if "properties" in schema:
            return {name: schema_value(part, components, value, text) for name, part in schema["properties"].items()}
        extra = schema.get("additionalProperties")
        return {str(value): schema_value(extra, components, value, text)} if isinstance(extra, dict) else {}
    if kind == "array":
        return [schema_value(schema.get("items", {}), components, value, text)]
    return {"integer": value, "number": value, "boolean": True}.get(kind, text)


def api_operations() -> tuple[list[tuple[str, str, dict]], dict]:
    from api.main import api

    schema = api.get_openapi_schema(path_prefix="/api/v1/")
    return [
        (path, method, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
    ], schema["components"]["schemas"]


def api_request(path: str, operation: dict, components: dict, slug: str, value: int, text: str = "x"):
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
        bodies = [json.dumps(schema_value(content, components, posted, text)) for posted in (value, 1)]
    return path, query, bodies


NUL = "a\x00b"  # PostgreSQL's text cannot hold NUL: a text stored unchecked is a 500 there


def api_get(path: str, **headers):
    return Client(raise_request_exception=False).get(path, **headers)
