"""What every campaign page shares: the campaign from the URL, its time zone, and refusals
turned into messages (400-type) or a 403 page, never a 500."""

from functools import wraps
from typing import cast
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign.authority import officer_of
from campaign.busy import busy_message, database_busy
from campaign.errors import NotAllowed, RuleViolation
from campaign.inputs import chosen_zone
from campaign.mfa import mfa_missing, mfa_refusal
from campaign.models import Campaign, Officer
from campaign.selectors.zones import home_zone_of


class CampaignRequest(HttpRequest):
    """A request on a campaign's page: `campaign_page` sets the campaign and the visitor's officer."""

    campaign: Campaign
    officer: Officer | None


def back(request: HttpRequest, fallback: str) -> HttpResponse:
    """Back to the page the form was on (its `next` field, else the Referer of this site). The
    target is an address, never read as a view's name (`redirect("x")` would try to reverse it)."""
    for target in (request.POST.get("next"), request.GET.get("next"), request.headers.get("Referer")):
        if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
            return HttpResponseRedirect(target)
    return redirect(fallback)


def forbidden(request: HttpRequest, exc: RuleViolation, join_url: str = "") -> HttpResponse:
    """The refusal page; a logged-in visitor without an officer is offered the campaign's join page."""
    return render(request, "403.html", {"message": exc.refusal_html, "join_url": join_url}, status=403)


# What a refused form's page shows again, so that nothing typed is lost (PRG: the refusal
# redirects back to the page, which reads the draft once).
DRAFT_FIELDS = ("title", "body", "record", "note", "subject", "recipient", "tactics_map", "tactics_map_rows")
DRAFT_LIMIT = 200_000


def keep_draft(request: HttpRequest) -> None:
    if request.method == "POST":
        draft = {name: request.POST[name][:DRAFT_LIMIT] for name in DRAFT_FIELDS if request.POST.get(name)}
        if draft:
            request.session["draft"] = draft


def _fallback(request: HttpRequest, campaign: Campaign) -> str:
    return request.path if request.method == "GET" else reverse("dashboard", args=[campaign.slug])


def campaign_page(view, methods: tuple[str, ...] = ("GET", "HEAD")):
    """Load the campaign named by `slug`, show times in its zone, and answer refused actions.
    A page answers GET and HEAD only (405 to anything else): every write is an action."""

    @wraps(view)
    @require_http_methods(list(methods))
    def wrapper(request: HttpRequest, slug: str, *args, **kwargs) -> HttpResponse:
        campaign = get_object_or_404(Campaign.objects.select_related("winner"), slug=slug)  # the header names it
        request = cast(CampaignRequest, request)
        request.campaign = campaign
        request.officer = officer_of(request.user, campaign, letters=True)  # the menu's count of letters
        if request.officer is not None:
            request.officer.campaign = campaign  # read by the navigation's duties, no query
        timezone.activate(chosen_zone(request) or campaign.zone)
        try:
            return view(request, campaign, *args, **kwargs)
        except NotAllowed as exc:
            newcomer = request.user.is_authenticated and request.officer is None
            return forbidden(request, exc, reverse("join", args=[campaign.slug]) if newcomer else "")
        except RuleViolation as exc:
            messages.error(request, exc.refusal_html)
            keep_draft(request)
            return back(request, _fallback(request, campaign))
        except OperationalError as exc:
            if not database_busy(exc):
                raise
            # Nothing of it was written; the message goes in a cookie, and the draft is not kept:
            # the session's save is a write too, and would meet the same busy database (a 400).
            messages.error(request, busy_message())
            return back(request, _fallback(request, campaign))
        except IntegrityError:
            # A constraint caught two actions at the same instant (services name the known
            # races; this is the net under the rest): the transaction rolled back whole.
            messages.error(
                request,
                _("Another action changed this at the same moment; nothing was applied. Please look and try again."),
            )
            return back(request, _fallback(request, campaign))
        finally:
            timezone.deactivate()

    return wrapper


def campaign_action(view):
    """A form action: logged in, POST only (CSRF-checked), on a campaign page."""
    return login_required(campaign_page(view, methods=("POST",)))


def require_officer(request: HttpRequest) -> Officer:
    officer = cast(CampaignRequest, request).officer
    if officer is None:
        raise NotAllowed("R1.5", _("You have no officer in this campaign."))
    return officer


def outside_zone(request: HttpRequest) -> ZoneInfo:
    """For pages outside a campaign (the Tokens page, /ops/): the zone the reader chose, else their
    campaign's, as every campaign page shows times (`campaign_page`)."""
    return chosen_zone(request) or ZoneInfo(home_zone_of(request.user) or settings.TIME_ZONE)


def two_factor_page(view):
    """A page or an action of those who run a campaign (its kings, its organisers), inside
    `campaign_page`: when the campaign requires two-factor log-in and the user has no authenticator
    app yet, they are sent to set one up, with a message saying why, before anything is read or
    done (campaign/mfa.py)."""

    @wraps(view)
    def wrapper(request: HttpRequest, campaign: Campaign, *args, **kwargs) -> HttpResponse:
        if mfa_missing(request.user, campaign):
            messages.warning(request, mfa_refusal())
            return redirect("mfa_activate_totp")
        return view(request, campaign, *args, **kwargs)

    return wrapper
