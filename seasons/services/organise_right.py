"""Asking for the right to organise campaigns (docs/organising.md "Who organises"): on a site whose
rule is "permitted" (CAMPAIGN_CREATORS), an account without the permission asks the site's admins
on the Organise page. The request is a mail to every active superuser with an address (they give
the permission on the user's admin page, linked from the mail), sent by a worker; one a day per
account. Nothing is stored: the permission given is the answer."""

import logging

from allauth.account.models import EmailAddress
from celery import current_app
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission, User
from django.core.mail import EmailMessage
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from campaign import rates
from campaign.authority import ORGANISE_PERMISSION, creators_confirmed, may_create_campaigns
from campaign.errors import RuleViolation, TooFast
from campaign.text_refusals import checked_text
from campaign.timers import send_soon

log = logging.getLogger(__name__)

RIGHT_MAIL_TASK = "seasons.tasks.send_organise_right_request"
MESSAGE_MAX = 1000
DAY = 86400


def site_admins() -> list[User]:
    """Who hears a request: the active superusers with an address."""
    return list(get_user_model().objects.filter(is_superuser=True, is_active=True).exclude(email="").order_by("pk"))


def organise_right_request(*, user: User, message: str) -> None:
    """The request sent to the site's admins (by a worker, after the checks). Refused, naming why,
    when the user may organise already, when every confirmed account may (they confirm their
    address instead), without a confirmed address (the admins answer to it), when the site has no
    admin with an address, and more than once a day."""
    if may_create_campaigns(user):
        raise RuleViolation("R1.1", _("You may organise campaigns already: New campaign is on the Organise page."))
    if creators_confirmed() or not EmailAddress.objects.filter(user=user, verified=True).exists():
        raise RuleViolation("R1.1", _("Confirm your account's address first: every confirmed account may organise."))
    message = checked_text(message.strip(), field=_("Message"), clause="R1.1", max_length=MESSAGE_MAX)
    if not site_admins():
        raise RuleViolation("R1.1", _("This site has no admin with an address to ask: ask whoever runs it."))
    wait = rates.take(f"organise-right:{user.pk}", 1, DAY)
    if wait:
        raise TooFast(
            "R1.1",
            _("You asked the site's admins less than a day ago; ask again in %(hours)d hours.")
            % {"hours": max(1, round(wait / 3600))},
            retry_after=wait,
        )
    language = translation.get_language() or settings.LANGUAGE_CODE
    send_soon(lambda: _queue(user.pk, message, language))


def _queue(user_id: int, message: str, language: str) -> None:
    try:
        current_app.send_task(RIGHT_MAIL_TASK, args=[user_id, message, language], ignore_result=True, retry=False)
    except Exception:  # Redis down: the user is told it was sent; the log keeps the request
        log.warning("could not queue the organise request of user %s: %r", user_id, message, exc_info=True)


def organise_right_mail_send(*, user_id: int, message: str, language: str) -> int:
    """The request mailed to each site admin, in the language the user asked in (the admins'
    own is not known); the number of mails sent."""
    user = get_user_model().objects.filter(pk=user_id).first()
    admins = site_admins()
    if user is None or not admins:
        return 0
    app_label, codename = ORGANISE_PERMISSION.split(".")
    permission = Permission.objects.get(content_type__app_label=app_label, codename=codename)
    with translation.override(language):
        words = {
            "name": user.get_username(),
            "address": user.email,
            "permission": _(permission.name),  # the name's translation (campaign/models/world.py)
            "link": settings.SITE_URL + reverse("admin:auth_user_change", args=[user.pk]),
            "message": message or _("(no message)"),
        }
        subject = _("[Chess Siege] %(name)s asks for the right to organise campaigns") % words
        body = (
            _(
                "%(name)s (%(address)s) asks for the right to organise campaigns on this site:\n\n%(message)s\n\n"
                "To give it, tick the permission “%(permission)s” on their admin page: %(link)s"
            )
            % words
        )
        for admin in admins:
            EmailMessage(subject, body, to=[admin.email]).send()
    return len(admins)
