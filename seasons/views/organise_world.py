"""A draft's world on the organisers' pages: kingdoms, cities and roads typed in forms, the map
where cities are dragged into place (campaign/static/organise-map.js posts each drop), and a world
file's upload replacing the whole draft world after its preview."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaign import lookups
from campaign.authority import require_organiser
from campaign.errors import NotAllowed, RuleViolation
from campaign.inputs import posted_int, posted_object
from campaign.pages import campaign_action, campaign_page, two_factor_page
from seasons.pages import world_preview_page, world_refused_page, world_save_asked
from seasons.selectors.organise import world_page
from seasons.services import organise, world_edit
from seasons.world.upload import places_posted, world_file_posted


@login_required
@campaign_page
@two_factor_page
def organise_world(request, campaign):
    require_organiser(request.user, campaign)
    return render(
        request, "seasons/organise/world.html", {"campaign": campaign, "world": world_page(campaign=campaign)}
    )


def _done(request, campaign, text):
    messages.success(request, text)
    return redirect("organise-world", slug=campaign.slug)


def _text(request, name: str, limit: int = 50) -> str:
    return request.POST.get(name, "").strip()[: limit + 1]  # one past the limit: the check names it


def _kingdom_or_neutral(request, campaign):
    if not request.POST.get("kingdom"):
        return None
    return posted_object(request.POST, "kingdom", lookups.kingdoms(campaign), "R1.3")


def _wall(request):
    return posted_int(request.POST, "wall", "R1.3") if request.POST.get("wall", "").strip() else None


@campaign_action
@two_factor_page
def organise_world_upload(request, campaign):
    require_organiser(request.user, campaign)
    back_url = f"/c/{campaign.slug}/organise/world/"
    if not world_save_asked(request):
        return world_preview_page(request, back_url, replacing=campaign)
    try:
        text, fmt = world_file_posted(request)
        places = places_posted(request.POST)
        organise.world_replace(actor=request.user, campaign=campaign, text=text, fmt=fmt, places=places)
    except NotAllowed:
        raise
    except RuleViolation as exc:
        return world_refused_page(request, exc, back_url)
    return _done(request, campaign, _("The world file replaced the draft's world."))


@campaign_action
@two_factor_page
def organise_kingdom_add(request, campaign):
    kingdom = world_edit.kingdom_add(
        actor=request.user,
        campaign=campaign,
        name=_text(request, "name"),
        colour=_text(request, "colour", 7),
        capital=_text(request, "capital"),
    )
    return _done(request, campaign, _("%(name)s is added.") % {"name": kingdom.name})


@campaign_action
@two_factor_page
def organise_kingdom_update(request, campaign, kingdom_id):
    kingdom = lookups.kingdom(campaign, kingdom_id)
    capital = posted_object(request.POST, "capital", lookups.cities(campaign), "R1.2")
    world_edit.kingdom_update(
        actor=request.user,
        kingdom=kingdom,
        name=_text(request, "name"),
        colour=_text(request, "colour", 7),
        capital=capital,
    )
    return _done(request, campaign, _("%(name)s is saved.") % {"name": kingdom.name})


@campaign_action
@two_factor_page
def organise_kingdom_remove(request, campaign, kingdom_id):
    kingdom = lookups.kingdom(campaign, kingdom_id)
    world_edit.kingdom_remove(actor=request.user, kingdom=kingdom)
    return _done(request, campaign, _("%(name)s is removed.") % {"name": kingdom.name})


@campaign_action
@two_factor_page
def organise_city_add(request, campaign):
    road_to = None
    if request.POST.get("road_to"):
        road_to = posted_object(request.POST, "road_to", lookups.cities(campaign), "R1.4")
    city = world_edit.city_add(
        actor=request.user,
        campaign=campaign,
        name=_text(request, "name"),
        kind=_text(request, "kind", 10),
        kingdom=_kingdom_or_neutral(request, campaign),
        wall=_wall(request),
        road_to=road_to,
    )
    return _done(request, campaign, _("%(name)s is added.") % {"name": city.name})


@campaign_action
@two_factor_page
def organise_city_update(request, campaign, city_id):
    city = lookups.city(campaign, city_id)
    world_edit.city_update(
        actor=request.user,
        city=city,
        name=_text(request, "name"),
        kind=_text(request, "kind", 10),
        kingdom=_kingdom_or_neutral(request, campaign),
        wall=_wall(request),
    )
    return _done(request, campaign, _("%(name)s is saved.") % {"name": city.name})


@campaign_action
@two_factor_page
def organise_city_remove(request, campaign, city_id):
    city = lookups.city(campaign, city_id)
    world_edit.city_remove(actor=request.user, city=city)
    return _done(request, campaign, _("%(name)s is removed.") % {"name": city.name})


def _coordinate(request, name: str) -> float:
    try:
        return float(request.POST.get(name, ""))
    except ValueError:
        raise RuleViolation("R1.4", _("A place on the map is two numbers.")) from None


@campaign_action
@two_factor_page
def organise_city_place(request, campaign, city_id):
    """A city dropped on the map (the script sends its point in the campaign's units)."""
    city = lookups.city(campaign, city_id)
    city = world_edit.city_place(
        actor=request.user, city=city, x=_coordinate(request, "x"), y=_coordinate(request, "y")
    )
    if request.headers.get("Accept") == "application/json":
        return JsonResponse({"x": city.map_x, "y": city.map_y})
    return _done(request, campaign, _("%(name)s is placed.") % {"name": city.name})


@campaign_action
@two_factor_page
def organise_road_add(request, campaign):
    cities = lookups.cities(campaign)
    a = posted_object(request.POST, "a", cities, "R1.4")
    b = posted_object(request.POST, "b", cities, "R1.4")
    world_edit.road_add(actor=request.user, campaign=campaign, a=a, b=b)
    return _done(request, campaign, _("The road %(a)s – %(b)s is added.") % {"a": a.name, "b": b.name})


@campaign_action
@two_factor_page
def organise_road_remove(request, campaign, road_id):
    road = lookups.road(campaign, road_id)
    world_edit.road_remove(actor=request.user, road=road)
    return _done(request, campaign, _("The road %(a)s – %(b)s is removed.") % {"a": road.a.name, "b": road.b.name})
