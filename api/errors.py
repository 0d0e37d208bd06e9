"""Every refusal as JSON with a stable code, the clause of RULES.md (or "" for the site's own
limits) and a message in the reader's language (Accept-Language), with its HTTP status."""

import math

from django.core.exceptions import ObjectDoesNotExist
from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError

from campaign.errors import NotAllowed, RuleViolation, Stale, TooFast


class Error(Schema):
    code: str
    clause: str
    message: str


CODES = {
    400: "rule",
    401: "unauthenticated",
    403: "not_allowed",
    404: "not_found",
    409: "conflict",
    429: "rate_limited",
}


def refusal(
    api: NinjaAPI, request: HttpRequest, status: int, message: str, clause: str = "", code: str = ""
) -> HttpResponse:
    body = {"code": code or CODES[status], "clause": clause, "message": str(message)}
    return api.create_response(request, body, status=status)


def _field(error: dict) -> str:
    """The field as the caller wrote it: ("body", "data", "destination") is "destination"."""
    loc = [str(part) for part in error.get("loc", ())] or [str(key) for key in error if key != "msg"]
    if loc and loc[0] in ("body", "query", "path"):
        loc = loc[2:] if loc[0] == "body" and len(loc) > 2 else loc[1:]
    return ".".join(loc) or "body"


def install(api: NinjaAPI) -> None:
    @api.exception_handler(NotAllowed)
    def not_allowed(request, exc: NotAllowed):
        return refusal(api, request, 403, str(exc.message), exc.clause)

    @api.exception_handler(RuleViolation)
    def rule(request, exc: RuleViolation):
        code = "stale" if isinstance(exc, Stale) else ""
        response = refusal(api, request, exc.status_code, str(exc.message), exc.clause, code=code)
        if isinstance(exc, TooFast):  # a rate of the site's (the boards' posting rate): 429
            response["Retry-After"] = str(math.ceil(exc.retry_after))
        return response

    @api.exception_handler(ValidationError)
    def invalid(request, exc: ValidationError):
        if exc.errors and all(tuple(error.get("loc", ()))[:1] == ("path",) for error in exc.errors):
            # An id in the path that no row could have (schemas.Id): no such thing, as on the pages.
            return refusal(api, request, 404, _("There is no such thing here."))
        fields = sorted({_field(error) for error in exc.errors})
        message = _("These fields are missing or not valid: %(fields)s.") % {"fields": ", ".join(fields)}
        return refusal(api, request, 400, message, code="invalid")

    @api.exception_handler(HttpError)
    def http_error(request, exc: HttpError):  # ninja's own: a body that is not JSON, a cursor that is not ours
        if exc.status_code == 400:
            return refusal(
                api, request, 400, _("The request's body is not JSON as this endpoint expects."), code="invalid"
            )
        return refusal(api, request, exc.status_code, str(exc.message), code=CODES.get(exc.status_code, "error"))

    @api.exception_handler(AuthenticationError)
    def unauthenticated(request, exc):
        message = _("Send a valid personal access token: “Authorization: Bearer cs_…” (made on the Tokens page).")
        response = refusal(api, request, 401, message)
        response["WWW-Authenticate"] = "Bearer"
        return response

    @api.exception_handler(Http404)
    @api.exception_handler(ObjectDoesNotExist)
    def not_found(request, exc):
        return refusal(api, request, 404, _("There is no such thing here."))

    @api.exception_handler(IntegrityError)
    def conflict(request, exc):
        message = _("Another action changed this at the same moment; nothing was applied. Please look and try again.")
        return refusal(api, request, 409, message)

    @api.exception_handler(Throttled)
    def throttled(request, exc: Throttled):
        wait = int(exc.wait or 1) + (0 if float(exc.wait or 1).is_integer() else 1)
        message = _("Too many requests; try again in %(n)d s.") % {"n": wait}
        response = refusal(api, request, 429, message)
        response["Retry-After"] = str(wait)
        return response
