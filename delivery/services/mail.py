"""Mail of duties, on Django's mail framework: an officer's address confirmed by a
link, the duty kinds they chose, quiet hours, a daily digest, and a one-click unsubscribe link
(RFC 8058) in every mail. `mail_notice_send` decides and sends the mail of one notice (called by the
outbox's delivery, campaign/services/notices.py); `mail_digests_send` sends each day's digest.

Times are the campaign's local time (the quiet hours and the digest's hour are set there)."""

import logging
import secrets
import smtplib
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import formats, translation
from django.utils.translation import gettext as _

from campaign import clock, hooks
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Notice, Officer
from campaign.models.notices import DUTY_KINDS
from campaign.rules.clock import in_quiet_hours, time_as_minutes
from campaign.timers import send_soon
from delivery.models import MailSubscription
from forum.selectors.letters import letters_unread_items

log = logging.getLogger(__name__)
CONFIRM_TASK = "campaign.tasks.send_mail_confirmation"
KIND_CODES = [code for code, _label in DUTY_KINDS]


def _minutes(text: str, field: str) -> int | None:
    if not text.strip():
        return None
    minutes = time_as_minutes(text)
    if minutes is None or minutes == 24 * 60:
        raise RuleViolation("R1.5", _("“%(field)s” is a time of day such as 22:30.") % {"field": field})
    return minutes


@transaction.atomic
def mail_settings_save(
    *,
    actor: Officer,
    officer: Officer,
    address: str,
    kinds: list[str],
    quiet_from: str = "",
    quiet_until: str = "",
    digest: bool = False,
    digest_at: str = "08:00",
    language: str = "",
) -> MailSubscription | None:
    """The officer's own mail settings. A new address waits for its confirmation link (mailed
    after commit; saving again before confirming mails it again); until then nothing else is
    sent to it. An empty address stops all mail."""
    if actor.pk != officer.pk:
        raise NotAllowed("R1.5", _("Only the officer sets where their own mail goes."))
    address = address.strip()
    current = MailSubscription.objects.select_for_update(no_key=True).filter(officer=officer).first()
    if not address:
        if current is not None:
            current.delete()
        return None
    try:
        validate_email(address)
    except ValidationError:
        raise RuleViolation("R1.5", _("“%(address)s” is not a mail address.") % {"address": address[:80]}) from None
    unknown = set(kinds) - set(KIND_CODES)
    if unknown:
        raise RuleViolation("R1.5", _("Unknown kind of duty: %(kind)s.") % {"kind": sorted(unknown)[0][:20]})
    quiet = _minutes(quiet_from, _("quiet from")), _minutes(quiet_until, _("quiet until"))
    digest_minute = _minutes(digest_at, _("digest at"))
    languages = {code for code, _name in settings.LANGUAGES}
    subscription = current or MailSubscription(officer=officer, unsubscribe_token=secrets.token_urlsafe(32))
    changed = current is None or current.address != address
    subscription.address, subscription.kinds = address, [code for code in KIND_CODES if code in kinds]
    subscription.quiet_from, subscription.quiet_until = quiet
    subscription.digest, subscription.digest_minute = digest, 8 * 60 if digest_minute is None else digest_minute
    subscription.language = language if language in languages else settings.LANGUAGE_CODE
    subscription.unsubscribed_at = None  # saving the settings is asking for mail again
    if changed:
        subscription.confirmed_at, subscription.bounced_at = None, None
        subscription.confirm_token = secrets.token_urlsafe(32)
    subscription.save()
    if subscription.confirmed_at is None:  # a new address, or saved again before confirming: (re)send the link
        pk = subscription.pk
        transaction.on_commit(lambda: send_soon(lambda: _queue_confirmation(pk)))
    return subscription


def _queue_confirmation(subscription_id: int) -> None:
    try:
        current_app.send_task(CONFIRM_TASK, args=[subscription_id], ignore_result=True, retry=False)
    except Exception:  # Redis down: saving the settings again sends the link again
        log.warning("could not queue the confirmation mail of %s", subscription_id, exc_info=True)


def _subscription(**token: str) -> MailSubscription | None:
    """The subscription a link's secret names, locked; None for one that names none (the secrets
    are URL-safe, so a text with a NUL, which PostgreSQL cannot even compare, names none)."""
    ((field, value),) = token.items()
    if "\x00" in value:
        return None
    return MailSubscription.objects.select_for_update(no_key=True).filter(**{field: value[:64]}).first()


def mail_confirm(*, actor: Officer, token: str) -> bool:
    """The link of the confirmation mail, followed by the officer; False if it was already used."""
    with transaction.atomic():
        subscription = _subscription(confirm_token=token)
        if subscription is None:
            raise RuleViolation("R1.5", _("This confirmation link is no longer valid: the address was changed since."))
        if subscription.officer_id != actor.pk:
            raise NotAllowed("R1.5", _("This confirmation link is another officer's."))
        if subscription.confirmed_at is not None:
            return False
        subscription.confirmed_at = clock.now()
        subscription.save(update_fields=["confirmed_at"])
        return True


def mail_unsubscribe(*, token: str) -> bool:
    """The one-click link of every mail: no more mail to this address. False if it was already."""
    with transaction.atomic():
        subscription = _subscription(unsubscribe_token=token)
        if subscription is None:
            raise RuleViolation("R1.5", _("This unsubscribe link is not known: it may belong to a removed address."))
        if subscription.unsubscribed_at is not None:
            return False
        subscription.unsubscribed_at = clock.now()
        subscription.save(update_fields=["unsubscribed_at"])
        return True


def _url(path: str) -> str:
    return settings.SITE_URL + path


def _send(subscription: MailSubscription, subject: str, body: str, unsubscribe: bool = True) -> None:
    headers = {}
    if unsubscribe:
        link = _url(reverse("mail-unsubscribe", args=[subscription.unsubscribe_token]))
        headers = {"List-Unsubscribe": f"<{link}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
        body += "\n\n-- \n" + _("Stop these mails with one click: %(link)s") % {"link": link}
        officer = subscription.officer
        body += "\n" + _("Choose which duties are mailed: %(link)s") % {
            "link": _url(reverse("officer", args=[officer.campaign.slug, officer.pk]) + "#mail")
        }
    message = EmailMessage(subject, body, to=[subscription.address], headers=headers)
    message.send()


def mail_confirmation_send(*, subscription_id: int) -> bool:
    subscription = MailSubscription.objects.select_related("officer__campaign").filter(pk=subscription_id).first()
    if subscription is None or subscription.confirmed_at is not None or not subscription.confirm_token:
        return False
    officer = subscription.officer
    with translation.override(subscription.language):
        link = _url(reverse("mail-confirm-page", args=[officer.campaign.slug, subscription.confirm_token]))
        subject = _("[Chess Siege] Confirm your mail address")
        body = _(
            "%(name)s of %(campaign)s asked for mail of their duties at this address.\n\n"
            "Confirm it (you will be asked to log in): %(link)s\n\n"
            "If it was not you, ignore this mail: nothing more will be sent."
        ) % {"name": officer.name, "campaign": officer.campaign.name, "link": link}
        _send(subscription, subject, body, unsubscribe=False)
    return True


def _local(officer: Officer, now: datetime) -> datetime:
    return now.astimezone(officer.campaign.zone)


def _deadline_text(officer: Officer, deadline: datetime | None) -> str:
    if deadline is None:
        return ""
    when = formats.date_format(_local(officer, deadline), "Y-m-d H:i")
    return "\n" + _("Until %(when)s (%(zone)s).") % {"when": when, "zone": officer.campaign.time_zone}


def mail_notice_send(*, officer: Officer, written: dict, now: datetime) -> str:
    """The mail of one notice: the state to record (sent, skip, void, held, bounced). `written`
    is the duty in each language, or empty when it is gone. An SMTP server that cannot be
    reached raises: the notice stays waiting and the sweeper tries again."""
    subscription = MailSubscription.objects.filter(officer=officer).first()
    if subscription is None or not subscription.active:
        return "skip"
    duty = written.get(subscription.language)
    if duty is None:
        return "void"  # done, lapsed, or no longer theirs (captured, moved away)
    if duty.kind not in subscription.kinds:
        return "skip"
    local = _local(officer, now)
    if subscription.digest or in_quiet_hours(
        local.hour * 60 + local.minute, subscription.quiet_from, subscription.quiet_until
    ):
        return "held"
    subscription.officer = officer
    with translation.override(subscription.language):
        body = duty.summary + _deadline_text(officer, duty.deadline) + "\n\n" + _url(duty.path)
        try:
            _send(subscription, _("[Chess Siege] %(summary)s") % {"summary": duty.summary}, body)
        except smtplib.SMTPRecipientsRefused:
            MailSubscription.objects.filter(pk=subscription.pk).update(bounced_at=now)
            return "bounced"
    return "sent"


def _lease() -> timedelta:
    return timedelta(seconds=settings.NOTICE_LEASE_SECONDS)


def mail_digests_send(*, now: datetime | None = None) -> int:
    """Each day's digest, at each subscriber's hour (out of their quiet hours): their duties
    waiting then, of the kinds they chose, for those who asked for a digest or had mail held in
    their quiet hours. Claimed per subscriber and day, so a digest goes once. The number sent."""
    now = now or clock.now()
    held = Notice.objects.filter(officer_id=OuterRef("officer_id"), mail="held")
    due = (
        MailSubscription.objects.filter(confirmed_at__isnull=False, unsubscribed_at=None, bounced_at=None)
        .filter(Q(digest=True) | Exists(held))
        .filter(Q(digest_claimed_at__isnull=True) | Q(digest_claimed_at__lt=now - _lease()))
        .select_related("officer__campaign", "officer__kingdom", "officer__city")
    )
    sent = 0
    for subscription in due:
        officer = subscription.officer
        local = _local(officer, now)
        minute = local.hour * 60 + local.minute
        if (
            minute < subscription.digest_minute
            or subscription.last_digest_on == local.date()
            or in_quiet_hours(minute, subscription.quiet_from, subscription.quiet_until)
        ):
            continue
        claimed = (
            MailSubscription.objects.filter(pk=subscription.pk)
            .filter(Q(last_digest_on__isnull=True) | Q(last_digest_on__lt=local.date()))
            .filter(Q(digest_claimed_at__isnull=True) | Q(digest_claimed_at__lt=now - _lease()))
            .update(digest_claimed_at=now)
        )
        if not claimed:
            continue
        with translation.override(subscription.language):
            duties = [
                duty
                for reader in hooks.duty_readers
                for duty in reader(officer=officer, now=now)
                if duty.kind in subscription.kinds
            ]
            if "letter" in subscription.kinds:  # the letters held in the quiet hours, still unread
                duties += letters_unread_items(officer=officer)
            if duties:
                lines = [
                    f"• {duty.summary}{_deadline_text(officer, duty.deadline)}\n  {_url(duty.path)}" for duty in duties
                ]
                subject = _("[Chess Siege] %(n)d duties wait on you") % {"n": len(duties)}
                body = _("What waits on %(name)s now:") % {"name": officer.name} + "\n\n" + "\n".join(lines)
                try:
                    _send(subscription, subject, body)
                    sent += 1
                except smtplib.SMTPRecipientsRefused:
                    MailSubscription.objects.filter(pk=subscription.pk).update(bounced_at=now)
                except Exception:  # the server cannot be reached: the claim lapses, a later sweep sends it
                    log.warning("digest for %s not sent yet", subscription.pk, exc_info=True)
                    continue
        Notice.objects.filter(officer=officer, mail="held").update(mail="digested", mailed_at=now)
        MailSubscription.objects.filter(pk=subscription.pk).update(last_digest_on=local.date(), digest_claimed_at=None)
    return sent
