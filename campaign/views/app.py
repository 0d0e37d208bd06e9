"""The installable site: the web app manifest, the service worker (served from the site's root,
so that its scope is the whole site: it shows the push notices and opens a duty's page on a tap)
and the page it shows when a page cannot be loaded without a connection."""

from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

THEME = "#2b1d14"  # the header's colour (campaign/static/site.css)
BACKGROUND = "#fbf8f2"


@require_safe
def manifest(request):
    icons = [
        {"src": static("icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {"src": static("icon-maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
    ]
    body = {
        "id": "/",
        "name": _("Chess Siege"),
        "short_name": _("Chess Siege"),
        "description": _("A forum war game: kingdoms, cities, sieges decided by xiangqi games."),
        "lang": get_language(),
        "start_url": reverse("landing"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
def service_worker(request):
    context = {"offline": reverse("offline"), "icon": static("icon-192.png"), "css": static("site.css")}
    response = render(request, "campaign/sw.js", context, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a new worker is found at the next visit
    return response


@require_safe
def offline(request):
    return render(request, "campaign/offline.html", {"theme": THEME})
