"""Which zone a reader sees times in: the campaign's (the default, as the war counts its hours
there), or one the reader chose on the time-zone page, kept in a cookie like the language."""

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from campaign.inputs import TIME_ZONE_COOKIE, chosen_zone, zone_names

COOKIE_AGE = 365 * 24 * 3600


@require_http_methods(["GET", "HEAD", "POST"])
def time_zone_page(request: HttpRequest) -> HttpResponse:
    target = request.POST.get("next") or request.GET.get("next") or "/"
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "/"
    if request.method == "POST":
        name = request.POST.get("zone", "")
        response = HttpResponseRedirect(target)  # an address, never a view's name
        if name in zone_names():
            response.set_cookie(TIME_ZONE_COOKIE, name, max_age=COOKIE_AGE, samesite="Lax")
        else:  # "": back to the campaign's zone
            response.delete_cookie(TIME_ZONE_COOKIE, samesite="Lax")
        return response
    chosen = chosen_zone(request)
    return render(
        request,
        "campaign/time_zone.html",
        {"zones": zone_names(), "chosen": chosen.key if chosen else "", "next": target},
    )
