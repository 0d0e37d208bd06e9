"""An officer's page: stars, kind, title, kingdom, whereabouts, posts, games, captures, promotions;
on their own page, their feeds and their mail settings (issue 11)."""

from django.http import Http404
from django.shortcuts import render

from battles.selectors.officers import officer_profile
from campaign.models import MailSubscription, Officer
from campaign.models.notices import DUTY_KINDS
from campaign.rules.clock import minutes_as_time
from campaign.views.common import campaign_page


@campaign_page
def officer_page(request, campaign, officer_id: int):
    try:
        profile = officer_profile(campaign=campaign, officer_id=officer_id)
    except Officer.DoesNotExist:
        raise Http404 from None
    context = {"campaign": campaign, "p": profile}
    if request.officer is not None and request.officer.pk == officer_id:
        context["mail"] = _mail_form(MailSubscription.objects.filter(officer_id=officer_id).first())
    return render(request, "battles/officer.html", context)


def _mail_form(mail: MailSubscription | None) -> dict:
    """The mail settings as the form shows them (a new form offers every kind of duty)."""

    def clock(minutes: int | None) -> str:
        return "" if minutes is None else minutes_as_time(minutes)

    chosen = set(mail.kinds) if mail else {code for code, _label in DUTY_KINDS}
    return {
        "saved": mail,
        "kinds": [(code, label, code in chosen) for code, label in DUTY_KINDS],
        "quiet_from": clock(mail.quiet_from) if mail else "",
        "quiet_until": clock(mail.quiet_until) if mail else "",
        "digest_at": clock(mail.digest_minute) if mail else "08:00",
    }
