"""The mail settings on an officer's page."""

from campaign.models.notices import DUTY_KINDS
from campaign.rules.clock import minutes_as_time
from delivery.models import MailSubscription


def mail_settings_form(*, officer_id: int) -> dict:
    """An officer's mail settings as their page's form shows them (a new form offers every
    kind of duty). One query."""
    mail = MailSubscription.objects.filter(officer_id=officer_id).first()

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
