"""The organisers' pages (docs/organising.md "Organising a campaign"): the campaigns one organises, a new
campaign (typed, or from a world file previewed before it is saved), a campaign's hub with its
organisers, and its rule settings. The world's forms and map: seasons/views/organise_world.py."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from campaign.authority import creators_confirmed, require_campaign_creator, require_organiser
from campaign.errors import NotAllowed, RuleViolation
from campaign.inputs import zone_names
from campaign.pages import campaign_action, campaign_page, outside_zone, two_factor_page
from seasons import lookups as season_lookups
from seasons.organise_inputs import column, settings_posted
from seasons.pages import world_preview_page, world_refused_page, world_save_asked
from seasons.selectors.organise import organise_home, organise_hub, settings_rows
from seasons.services import organise, organise_right
from seasons.tactics_map import map_choices, map_shown
from seasons.world.upload import places_posted, world_file_posted


@login_required
@require_http_methods(["GET", "HEAD"])
def organise_page(request: HttpRequest) -> HttpResponse:
    """The campaigns I organise, with their state; a new one when I may create campaigns."""
    with timezone.override(outside_zone(request)):
        return render(request, "seasons/organise/home.html", {"view": organise_home(user=_user(request))})


def _battle_games() -> list[tuple[str, str]]:
    return [(value, str(text)) for value, text in column("battle_game").choices or ()]


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)  # login_required: a signed-in user
    return request.user


def _refused(request: HttpRequest, exc: NotAllowed) -> HttpResponse:
    """The refusal of a new campaign, with the way to the right: the Organise page, where the
    site's admins are asked (or the account's address confirmed)."""
    context = {"message": exc.refusal_html, "next_url": reverse("organise"), "next_text": _("Ask for the right")}
    if creators_confirmed():
        context.update(next_url=reverse("account_email"), next_text=_("Confirm your address"))
    return render(request, "403.html", context, status=403)


@login_required
@require_POST
def organise_ask(request: HttpRequest) -> HttpResponse:
    """The request for the right to organise, mailed to the site's admins."""
    try:
        organise_right.organise_right_request(user=_user(request), message=request.POST.get("message", "")[:2000])
    except RuleViolation as exc:
        messages.error(request, exc.refusal_html)
    else:
        messages.success(request, _("Your request is sent to the site's admins; they answer by mail to your address."))
    return redirect("organise")


@login_required
@require_http_methods(["GET", "HEAD"])
def organise_new(request: HttpRequest) -> HttpResponse:
    try:
        require_campaign_creator(request.user)
    except NotAllowed as exc:
        return _refused(request, exc)
    context = {"zones": zone_names(), "games": _battle_games(), "form": request.session.pop("organise_form", {})}
    return render(request, "seasons/organise/new.html", context)


@login_required
@require_POST
def organise_create(request: HttpRequest) -> HttpResponse:
    fields = {key: request.POST.get(key, "").strip()[:200] for key in ("name", "slug", "time_zone", "battle_game")}
    try:
        campaign = organise.campaign_create(actor=_user(request), **fields)
    except NotAllowed as exc:
        return _refused(request, exc)
    except RuleViolation as exc:
        messages.error(request, exc.refusal_html)
        request.session["organise_form"] = fields  # shown again: nothing typed is lost
        return redirect("organise-new")
    messages.success(request, _("The campaign %(name)s is made, in draft.") % {"name": campaign.name})
    return redirect("organise-hub", slug=campaign.slug)


@login_required
@require_POST
def organise_upload(request: HttpRequest) -> HttpResponse:
    """A new campaign from a world file, at the file's address or the one typed."""
    slug = request.POST.get("slug", "").strip()[:50]
    try:
        require_campaign_creator(request.user)
        if not world_save_asked(request):
            return world_preview_page(request, "/organise/new/", slug=slug)
        text, fmt = world_file_posted(request)
        places = places_posted(request.POST)
        campaign = organise.campaign_import(actor=_user(request), text=text, fmt=fmt, slug=slug, places=places)
    except NotAllowed as exc:
        return _refused(request, exc)
    except RuleViolation as exc:
        return world_refused_page(request, exc, "/organise/new/", slug=slug)
    messages.success(request, _("The campaign %(name)s is made, in draft.") % {"name": campaign.name})
    return redirect("organise-hub", slug=campaign.slug)


@login_required
@campaign_page
@two_factor_page
def organise_hub_page(request, campaign):
    require_organiser(request.user, campaign)
    return render(request, "seasons/organise/hub.html", {"campaign": campaign, "hub": organise_hub(campaign=campaign)})


@login_required
@campaign_page
@two_factor_page
def organise_settings(request, campaign):
    require_organiser(request.user, campaign)
    context = {"campaign": campaign, "groups": settings_rows(campaign=campaign), "zones": zone_names()}
    context.update(games=_battle_games(), tactics=map_shown(campaign.tactics_map), maps=map_choices())
    return render(request, "seasons/organise/settings.html", context)


@campaign_action
@two_factor_page
def organise_settings_save(request, campaign):
    organise.campaign_settings_update(actor=request.user, campaign=campaign, values=settings_posted(request.POST))
    messages.success(request, _("The settings are saved."))
    return redirect("organise-settings", slug=campaign.slug)


@campaign_action
@two_factor_page
def organise_organiser_add(request, campaign):
    user = organise.organiser_add(actor=request.user, campaign=campaign, username=request.POST.get("username", ""))
    messages.success(request, _("%(name)s organises this campaign now.") % {"name": user.get_username()})
    return redirect("organise-hub", slug=campaign.slug)


@campaign_action
@two_factor_page
def organise_organiser_remove(request, campaign, user_id):
    user = season_lookups.account(user_id)
    organise.organiser_remove(actor=request.user, campaign=campaign, user=user)
    messages.success(request, _("%(name)s no longer organises this campaign.") % {"name": user.get_username()})
    if user == request.user:
        return redirect("organise")
    return redirect("organise-hub", slug=campaign.slug)
