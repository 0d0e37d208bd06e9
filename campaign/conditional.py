"""Nothing new, nothing rendered: a page's or the API's answer tagged (ETag) by the world version
(`campaign/freshness.py`), the minute and what else the answer depends on, and a 304 before
anything is read when the reader's copy is the current one."""

from __future__ import annotations

import hashlib
import time
from functools import wraps

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags
from django.utils.translation import get_language

from campaign.freshness import MINUTE, version
from campaign.inputs import TIME_ZONE_COOKIE


def etag(request: HttpRequest, who: str = "") -> str | None:
    """The tag of the answer to `request` as the world is now: None without Redis (then nothing
    is answered 304). Another query string (a cursor, a filter, a page), language, zone or `who`
    (whoever the answer is for, when it depends on them) is another tag, so that a copy of one
    is never confirmed for another. Worked out from the request alone: no query."""
    current = version()
    if current is None:
        return None
    zone = request.COOKIES.get(TIME_ZONE_COOKIE, "")
    asked = "\n".join((request.get_full_path(), get_language() or "", zone, who))
    digest = hashlib.blake2b(asked.encode(), digest_size=8).hexdigest()
    return f"{current}-{int(time.time() // MINUTE)}-{digest}"


def held(request: HttpRequest, tag: str) -> bool:
    """Whether the reader's copy (If-None-Match) is the one tagged `tag`."""
    return tag in {t.removeprefix("W/").strip('"') for t in parse_etags(request.headers.get("If-None-Match", ""))}


def tagged(response: HttpResponse, tag: str) -> HttpResponse:
    """The answer with its tag; the browser revalidates each time (no-cache)."""
    response.headers["ETag"] = f'"{tag}"'
    patch_cache_control(response, no_cache=True, private=True)
    return response


def not_modified(tag: str) -> HttpResponse:
    return tagged(HttpResponseNotModified(), tag)


def unless_unchanged(view):
    """304 before anything is read when the reader's copy (If-None-Match) is of the current
    world version and of this very address (`etag`: its query too); otherwise the view, its
    response tagged. The browser revalidates each time (no-cache), so an htmx refresh gets the
    copy it holds. For pages that show everyone the same (the dashboard's and the map's parts);
    the API checks who asks first and tags by the token (api/router.py)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        tag = etag(request) if request.method in ("GET", "HEAD") else None
        if tag is not None and held(request, tag):
            return not_modified(tag)
        response = view(request, *args, **kwargs)
        if tag is not None and response.status_code == 200:
            tagged(response, tag)
        return response

    return wrapper
