"""Mail of duties, for officers away from the site: the officer's settings, the confirmation
link, and the one-click unsubscribe link of every mail (RFC 8058: a mail client may POST to it
without a session)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from campaign.errors import RuleViolation
from campaign.pages import campaign_action, campaign_page, require_officer
from delivery.services.mail import mail_confirm, mail_settings_save, mail_unsubscribe


def _own_page(campaign, officer) -> str:
    return reverse("officer", args=[campaign.slug, officer.pk]) + "#mail"


@campaign_action
def mail_settings(request, campaign):
    officer = require_officer(request)
    post = request.POST
    saved = mail_settings_save(
        actor=officer,
        officer=officer,
        address=post.get("address", "")[:300],
        kinds=post.getlist("kinds")[:20],
        quiet_from=post.get("quiet_from", "")[:10],
        quiet_until=post.get("quiet_until", "")[:10],
        digest=post.get("digest") == "1",
        digest_at=post.get("digest_at", "")[:10],
        language=get_language(),
    )
    if saved is None:
        messages.success(request, _("No more mail: your address is removed."))
    elif saved.confirmed_at is None:
        messages.success(
            request, _("Saved. A mail with a confirmation link is on its way to %(a)s.") % {"a": saved.address}
        )
    else:
        messages.success(request, _("Your mail settings are saved."))
    return redirect(_own_page(campaign, officer))


@login_required
@campaign_page
def mail_confirm_page(request, campaign, token: str):
    require_officer(request)
    return render(request, "delivery/mail_confirm.html", {"campaign": campaign, "token": token})


@campaign_action
def mail_confirm_action(request, campaign):
    officer = require_officer(request)
    if mail_confirm(actor=officer, token=request.POST.get("token", "")):
        messages.success(request, _("Your mail address is confirmed: duties will be mailed as you chose."))
    else:
        messages.info(request, _("This address was already confirmed."))
    return redirect(_own_page(campaign, officer))


@csrf_exempt  # the secret in the address is the authority (RFC 8058 one-click)
@require_http_methods(["GET", "HEAD", "POST"])
def mail_unsubscribe_page(request: HttpRequest, token: str) -> HttpResponse:
    context: dict = {"token": token, "done": None, "message": ""}
    status = 200
    if request.method == "POST":
        try:
            context["done"] = mail_unsubscribe(token=token)
            context["message"] = (
                _("You will get no more mail from this site at this address.")
                if context["done"]
                else _("This address was already unsubscribed: nothing more is sent to it.")
            )
        except RuleViolation as exc:
            context["message"], status = exc.refusal_html, 404
    return render(request, "delivery/mail_unsubscribe.html", context, status=status)
