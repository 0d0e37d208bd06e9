"""The API's root: /api/v1/ (OpenAPI at /api/v1/openapi.json, interactive docs at /api/v1/docs),
its errors (api/errors.py), its readers and actors (api/auth.py) and their rate limits."""

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.urls import URLPattern
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from ninja import NinjaAPI
from ninja.renderers import JSONRenderer

from api import (  # noqa: F401  (their operations, on the router)
    analysis,
    errors,
    friendly,
    joining,
    letters,
    organise,
    push,
    reads,
    room,
    seasons,
    tactics,
)
from api.acts import (  # noqa: F401  (their operations, on the router)
    comments,
    games,
    marches,
    moves,
    personnel,
    posts,
    prisoners,
    season,
    sieges,
    stratagems,
)
from api.auth import AddressThrottle, UserThrottle
from api.parser import TextParser
from api.router import router
from campaign import conditional

DESCRIPTION = """The chess-siege campaign manager's public API: everything the site shows, and
everything an officer does, through the same rules.

- **Read** without a token what the site shows anyone; with a token, also what its user's
  officer may read (their kingdom's palace board, R1.2).
- **Act** with a personal access token made on the site's *Tokens* page, scoped to act:
  `Authorization: Bearer cs_…`. It is shown once and kept only as a digest.
- **Errors** are JSON: `{"code": "rule", "clause": "R3.2", "message": "…"}` with the HTTP
  status (400 a rule refused it or a field is not valid, 401 no valid token, 403 not yours to
  do, 404 no such thing, 409 changed meanwhile, 429 too many requests). Messages come in the
  language of `Accept-Language` (繁體中文 unless `en` is asked).
- **Lists** are paged by cursor: follow `next`. What bots poll carries an ETag: send it back
  in `If-None-Match` and a poll with nothing new is a 304.
"""


class Renderer(JSONRenderer):
    """UTF-8 JSON: 許昌, not \\u8a31\\u660c."""

    json_dumps_params = {"ensure_ascii": False}


def _field_example() -> str:
    return _("Please choose a valid value for “%(field)s”.") % {"field": pgettext("form field", "destination")}


# status → (what it means, code, an example's clause, the example's message in the reader's language)
ERRORS: dict[str, tuple[str, str, str, Callable[[], str]]] = {
    "400": ("A rule refused it, or a field is missing or not valid", "rule", "R1.4", _field_example),
    "401": (
        "No valid token (for an act; or a token sent that is unknown or revoked)",
        "unauthenticated",
        "",
        lambda: _("Send a valid personal access token: “Authorization: Bearer cs_…” (made on the Tokens page)."),
    ),
    "403": (
        "Not the caller's to do or to read",
        "not_allowed",
        "R1.2",
        lambda: _("The palace board is for the officers of its kingdom."),
    ),
    "404": ("No such thing in this campaign", "not_found", "", lambda: _("There is no such thing here.")),
    "409": (
        "Changed by another action meanwhile; nothing was applied",
        "conflict",
        "",
        lambda: _("Another action changed this at the same moment; nothing was applied. Please look and try again."),
    ),
    "429": (
        "Too many requests (per user, all their tokens together; without a valid token, per address;"
        " an officer's posts, BOARD_POST_RATE); see Retry-After",
        "rate_limited",
        "",
        lambda: _("Too many requests; try again in %(n)d s.") % {"n": 12},
    ),
}


def _in(language: str, message: Callable[[], str]) -> str:
    with translation.override(language):
        return message()


class DocumentedAPI(NinjaAPI):
    """Every operation's schema lists the errors it may answer (api/errors.py), with an example in
    each of the site's languages."""

    def get_openapi_schema(self, *args, **kwargs):
        schema = super().get_openapi_schema(*args, **kwargs)
        schema["components"]["schemas"]["Error"] = {
            "type": "object",
            "required": ["code", "clause", "message"],
            "properties": {
                "code": {
                    "type": "string",
                    "description": "stable: "
                    + ", ".join(sorted({e[1] for e in ERRORS.values()} | {"invalid", "stale"})),
                },
                "clause": {
                    "type": "string",
                    "description": "the clause of RULES.md (R1.2 …), or empty for the site's own limits",
                },
                "message": {"type": "string", "description": "in the language of Accept-Language"},
            },
        }
        for operations in schema["paths"].values():
            for method, operation in operations.items():
                for status, (description, code, clause, message) in ERRORS.items():
                    if status == "409" and method == "get":
                        continue
                    operation["responses"].setdefault(
                        int(status),
                        {
                            "description": description,
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/Error"},
                                    "examples": {
                                        language: {
                                            "value": {"code": code, "clause": clause, "message": _in(language, message)}
                                        }
                                        for language, _name in settings.LANGUAGES
                                    },
                                }
                            },
                        },
                    )
        return schema


api = DocumentedAPI(
    renderer=Renderer(),
    parser=TextParser(),
    title="Chess-siege campaign manager",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api",
    throttle=[UserThrottle(), AddressThrottle()],
)
errors.install(api)
api.add_router("", router)


def _tagged(view):
    """A polled read's 200 carries the tag its operation worked out (api/router.py: the 304 is
    answered there, after the token and the rate limits)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        tag = getattr(request, "world_tag", None)
        if tag is not None and response.status_code == 200:
            conditional.tagged(response, tag)
        return response

    return wrapper


def urls() -> tuple[list, str, str]:
    patterns, app_name, namespace = api.urls
    for pattern in patterns:
        if isinstance(pattern, URLPattern):
            pattern.callback = _tagged(pattern.callback)
    return patterns, app_name, namespace
