"""The Tokens page: a user makes personal access tokens for the API (read only, or read
and act), sees a new one's text once, and revokes them."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts import lookups
from accounts.models import AccessToken
from accounts.selectors import tokens_of
from accounts.services import token_create, token_revoke
from campaign.errors import NotAllowed, RuleViolation
from campaign.pages import forbidden, outside_zone

SHOWN_ONCE = "token_shown_once"


@login_required
@require_http_methods(["GET", "HEAD"])
def tokens_page(request: HttpRequest) -> HttpResponse:
    assert request.user.pk is not None  # login_required: a signed-in user
    tokens = tokens_of(request.user.pk)
    # Times in the reader's zone, else their campaign's, as on every other page (the footer says which).
    with timezone.override(outside_zone(request)):
        return render(
            request,
            "campaign/tokens.html",
            {
                "tokens": tokens,
                "new_text": request.session.pop(SHOWN_ONCE, None),
                "scopes": AccessToken.Scope.choices,
                "times_shown": True,
            },
        )


@login_required
@require_POST
def token_new(request: HttpRequest) -> HttpResponse:
    try:
        token, text = token_create(
            user=request.user, name=request.POST.get("name", "")[:100], scope=request.POST.get("scope", "")
        )
    except RuleViolation as exc:
        messages.error(request, exc.refusal_html)
        return redirect("tokens")
    request.session[SHOWN_ONCE] = text  # shown on the next page only, then gone
    messages.success(
        request, _("Token “%(name)s” made. Copy it now: it will not be shown again.") % {"name": token.name}
    )
    return redirect("tokens")


@login_required
@require_POST
def token_revoke_view(request: HttpRequest, token_id: int) -> HttpResponse:
    token = lookups.token(token_id)
    try:
        token_revoke(user=request.user, token=token)
    except NotAllowed as exc:
        return forbidden(request, exc)
    messages.success(request, _("Token “%(name)s” revoked.") % {"name": token.name})
    return redirect("tokens")
