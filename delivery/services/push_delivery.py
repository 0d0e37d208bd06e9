"""Web Push delivery, the outbox's third channel (campaign/services/notices.py hands each notice
to it): a PushDelivery row per notice and device of the officer, then each row claimed (a lease
of NOTICE_LEASE_SECONDS), posted with pywebpush (VAPID, aes128gcm: RFC 8030, 8291, 8292) and
recorded, so that each device is sent each notice once.

What is sent follows the officer's mail choices (delivery/services/mail.py): only the kinds of
duty they chose; in their quiet hours a row is held until the hours end and then sent if its
duty still stands (the push's digest: what is still to do, once each). A duty gone by the time
its row is sent is not sent (void). A push service that is away, hangs (PUSH_TIMEOUT_SECONDS) or
answers 429 or 5xx leaves the row waiting, tried again by the sweeper after a backoff (its
Retry-After when it gives one); 404 or 410 removes the device (its subscription has ended);
another refusal (400, 403, 413…) is recorded and not retried."""

import json
import logging
import time
from datetime import datetime, timedelta

import requests
from django.conf import settings
from django.db.models import F, Q
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from campaign import clock
from campaign.errors import RuleViolation
from campaign.models import Notice, Officer
from campaign.models.notices import DUTY_KINDS
from campaign.rules.clock import in_quiet_hours
from delivery.models import MailSubscription, PushDelivery, PushSubscription
from delivery.push_endpoints import Target, target
from delivery.push_transport import session_for
from delivery.vapid import vapid_key

log = logging.getLogger(__name__)
State = PushDelivery.State
ALL_KINDS = [code for code, _label in DUTY_KINDS]
RETRY_FIRST_SECONDS = 5  # then doubled each try, up to RETRY_MOST_SECONDS
RETRY_MOST_SECONDS = 3600
TRIES = 12  # about a day of tries; then the row is given up (refused)
BATCH = 50  # rows claimed by one query; the claim is renewed while a slow push service answers


def _lease() -> timedelta:
    return timedelta(seconds=settings.NOTICE_LEASE_SECONDS)


def push_deliveries_make(*, notice_ids: list[int], officer: Officer, now: datetime) -> int:
    """Inside the delivery of a notice: a row for each of the officer's devices (once per device,
    however often it is made); the number of devices."""
    devices = list(PushSubscription.objects.filter(officer=officer).values_list("pk", flat=True))
    PushDelivery.objects.bulk_create(
        [PushDelivery(notice_id=n, subscription_id=d, next_at=now) for n in notice_ids for d in devices],
        ignore_conflicts=True,
    )
    return len(devices)


def _choices(officer: Officer) -> tuple[list[str], int | None, int | None]:
    mail = MailSubscription.objects.filter(officer=officer).only("kinds", "quiet_from", "quiet_until").first()
    if mail is None:
        return ALL_KINDS, None, None
    return mail.kinds, mail.quiet_from, mail.quiet_until


def _quiet_until(officer: Officer, now: datetime, quiet: tuple[int | None, int | None]) -> datetime | None:
    """The end of the officer's quiet hours when `now` is in them (the campaign's time), else None."""
    local = now.astimezone(officer.campaign.zone)
    minute = local.hour * 60 + local.minute
    if not in_quiet_hours(minute, *quiet):
        return None
    assert quiet[1] is not None
    return now + timedelta(minutes=(quiet[1] - minute) % (24 * 60), seconds=-local.second)


def _payload(duty, officer: Officer) -> str:
    body = duty.summary
    if duty.deadline is not None:
        when = duty.deadline.astimezone(officer.campaign.zone).strftime("%H:%M")
        body += " · " + _("until %(when)s") % {"when": when}
    return json.dumps(
        {"title": _("Chess Siege"), "body": body, "key": duty.key, "path": duty.path, "kind": duty.kind},
        ensure_ascii=False,
    )


def _ttl(duty, now: datetime) -> int:
    """How long the push service keeps the message for a device that is off: the duty's window."""
    if duty.deadline is None:
        return 24 * 3600
    return max(60, int((duty.deadline - now).total_seconds()))


def _retry_at(now: datetime, attempts: int, retry_after: str | None) -> datetime:
    seconds = min(RETRY_FIRST_SECONDS * 2 ** max(attempts - 1, 0), RETRY_MOST_SECONDS)
    if retry_after and retry_after.strip().isdigit():
        seconds = min(max(seconds, int(retry_after)), RETRY_MOST_SECONDS)
    return now + timedelta(seconds=seconds)


def _post(device: PushSubscription, where: Target, data: str, ttl: int) -> None:
    """Posted to the address checked (`where`): delivery/push_transport.py."""
    webpush(
        {"endpoint": where.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}},
        data=data,
        vapid_private_key=vapid_key(),
        vapid_claims={"sub": settings.VAPID_SUBJECT},
        timeout=settings.PUSH_TIMEOUT_SECONDS,
        ttl=ttl,
        headers={"Urgency": "high"},
        requests_session=session_for(where),
    )


def _send_one(row: PushDelivery, written: dict, choices: tuple, now: datetime) -> str:
    """Decide and send one claimed row; the state to record ("" to try again)."""
    device, officer = row.subscription, row.notice.officer
    kinds, *quiet = choices
    duty = written.get(device.language) or next(iter(written.values()), None)
    if duty is None:
        return State.VOID
    if duty.kind not in kinds:
        return State.SKIP
    until = _quiet_until(officer, now, (quiet[0], quiet[1]))
    if until is not None:
        PushDelivery.objects.filter(pk=row.pk).update(next_at=until)
        return State.HELD
    try:  # looked up and checked now, at each delivery; the post goes to the address checked
        where = target(device.endpoint)
    except RuleViolation as refusal:
        log.warning("push %s refused: %s", row.pk, refusal.message)
        return State.REFUSED
    _post(device, where, _payload(duty, officer), _ttl(duty, now))
    return State.SENT


def _claim(ids: list[int], now: datetime, held_since: datetime | None = None) -> dict[int, int]:
    """Claim the rows `ids` that are free (or, renewing, still ours since `held_since`): their
    attempts after this claim, by id. Two queries for a batch."""
    rows = PushDelivery.objects.filter(pk__in=ids)
    if held_since is None:
        rows = rows.filter(state__in=[State.WAITING, State.HELD], next_at__lte=now).filter(
            Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - _lease())
        )
        rows.update(claimed_at=now, attempts=F("attempts") + 1)
    else:
        rows.filter(claimed_at=held_since).update(claimed_at=now)
    return dict(PushDelivery.objects.filter(pk__in=ids, claimed_at=now).values_list("pk", "attempts"))


def _try(row: PushDelivery, written: dict, choices: tuple, now: datetime) -> bool:
    """Send and record one claimed row; True when it was sent now."""
    mine = PushDelivery.objects.filter(pk=row.pk)
    try:
        state = _send_one(row, written, choices, now)
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status in (404, 410):  # the subscription has ended: the device is gone
            PushSubscription.objects.filter(pk=row.subscription_id).delete()
            return False
        if status is not None and status != 429 and status < 500:
            log.warning("push %s refused: %s", row.pk, status)
            mine.update(state=State.REFUSED, claimed_at=None)
            return False
        return _later(row, now, exc.response.headers.get("Retry-After") if exc.response is not None else None)
    except (requests.RequestException, OSError):
        return _later(row, now, None)
    mine.update(state=state, claimed_at=None, sent_at=clock.now() if state == State.SENT else None)
    return state == State.SENT


def _later(row: PushDelivery, now: datetime, retry_after: str | None) -> bool:
    attempts = row.attempts
    log.info("push %s not delivered yet (try %d)", row.pk, attempts)
    state = State.REFUSED if attempts >= TRIES else State.WAITING
    PushDelivery.objects.filter(pk=row.pk).update(
        state=state, claimed_at=None, next_at=_retry_at(now, attempts, retry_after)
    )
    return False


def push_deliveries_send(*, officer: Officer, key: str, written: dict, now: datetime) -> int:
    """Send the rows of the notice `key` of `officer` that are due; `written` is the duty in each
    language, empty when it is gone. The number sent."""
    rows = list(
        PushDelivery.objects.filter(notice__officer=officer, notice__key=key, next_at__lte=now)
        .filter(state__in=[State.WAITING, State.HELD])
        .select_related("subscription")
        .order_by("pk")
    )
    choices = _choices(officer)
    sent: list[int] = []
    for batch in (rows[i : i + BATCH] for i in range(0, len(rows), BATCH)):
        stamp, since = clock.now(), time.monotonic()
        claimed = _claim([row.pk for row in batch], stamp)
        for row in batch:
            if row.pk not in claimed:
                continue  # sent already, or under way elsewhere
            if time.monotonic() - since > settings.NOTICE_LEASE_SECONDS / 2:  # a slow service: hold on
                renewed = clock.now()
                claimed = _claim([r.pk for r in batch if r.pk in claimed], renewed, held_since=stamp)
                stamp, since = renewed, time.monotonic()
                if row.pk not in claimed:
                    continue
            row.notice, row.attempts = Notice(officer=officer, key=key), claimed[row.pk]
            if _try(row, written, choices, stamp):
                sent.append(row.subscription_id)
    if sent:  # what the duties page shows as each device's last notice
        PushSubscription.objects.filter(pk__in=sent).update(sent_at=clock.now())
    return len(sent)


def push_due(*, now: datetime, limit: int) -> list[tuple[str, int]]:
    """(key, officer) of the notices with rows due again (a backoff over, quiet hours ended, a
    lease lapsed), for the sweeper to send with the duty read again."""
    due = (
        PushDelivery.objects.filter(state__in=[State.WAITING, State.HELD], next_at__lte=now)
        .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - _lease()))
        .values_list("notice__key", "notice__officer_id")
        .distinct()
        .order_by()
    )
    return list(due[:limit])
