"""The site's 404 (`handler404`): a path no route matches, or a view's Http404. Under the API's
root the caller is a program, so the answer is the API's JSON error in the language of
Accept-Language; elsewhere the site's page. The API is loaded only for such a path: the site's
own 404 does not depend on it.

The site's 500 (`handler500`): Django's, except for a database still busy after its timeout
outside a view (the session's save after a refused action): 503 and Retry-After (campaign/busy.py)."""

import sys

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found, server_error

from campaign.busy import busy_response, database_busy


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if request.path_info.startswith(reverse("api:api-root")):
        # deferred: the API mounts under the URLs that load this module, and a 404 outside it needs none of it
        from api.errors import refusal
        from api.main import api

        return refusal(api, request, 404, _("There is no such thing here."))
    return page_not_found(request, exception)


def failed(request: HttpRequest) -> HttpResponse:
    exc = sys.exc_info()[1]
    return busy_response() if exc is not None and database_busy(exc) else server_error(request)
