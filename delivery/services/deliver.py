"""Delivering the outbox's notices (campaign/services/notices.py writes them).

After commit the worker delivers a notice (`notices_deliver`): it reads the officer's duties as
they are then (the selector of battles/selectors/duties.py, through `hooks.duty_readers`) and
pushes the duty in each of the site's languages, with the new count, to the officer's group on
the channel layer; a duty gone meanwhile (done, lapsed, the officer captured or moved away) is
not sent. Each delivery claims its row first (a lease of NOTICE_LEASE_SECONDS): a worker killed
mid-delivery leaves the lease to expire and the sweeper (`notices_sweep`, as often as the timers'
sweep) delivers it again, as it delivers what Redis missed. A page drops a notice whose key it has
shown, so a delivery repeated after a crash between send and record shows once. Mail is the
second channel, with its own state and lease on the same row (delivery/services/mail.py decides:
the officer's choices, quiet hours, the digest). Web Push to the officer's devices is the third
(delivery/services/push_delivery.py): a row per device, each with its own state and lease.

A letter's notice (`letter:<id>`) is delivered unless it was read or removed meanwhile; its
messages carry the officer's count of unread letters. A decision on a request to move told to its
mover (`move:<id>:approved`, `:agreed`, `:rejected`) is delivered while the move is as told."""

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db.models import F, Q
from django.utils import translation

from campaign import clock, hooks
from campaign.models import Notice, Officer
from campaign.selectors.move_notices import is_move_told_key, move_notice
from campaign.services.notices import officer_group
from delivery.services.mail import mail_digests_send, mail_notice_send
from delivery.services.push_delivery import push_deliveries_make, push_deliveries_send, push_due
from forum.selectors.letters import is_letter_key, letter_notice, unread_count

log = logging.getLogger(__name__)


def _lease() -> timedelta:
    return timedelta(seconds=settings.NOTICE_LEASE_SECONDS)


def _duties(officer: Officer, now: datetime) -> dict[str, list]:
    """The officer's duties in each of the site's languages."""
    found = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            found[code] = [duty for reader in hooks.duty_readers for duty in reader(officer=officer, now=now)]
    return found


def _officers(ids: Iterable[int]) -> list[Officer]:
    return list(Officer.objects.filter(pk__in=list(ids)).select_related("campaign", "kingdom", "city"))


def notices_deliver(*, key: str, officer_ids: Iterable[int]) -> int:
    """Push the notice of `key` to each officer who still has that duty, and mail it as they
    chose; the number pushed. Each channel claims the row (a lease) before it acts and records
    what it did after, independently: a push lost with Redis does not hold back the mail."""
    now = clock.now()
    pushed = 0
    for officer in _officers(officer_ids):
        mine = Notice.objects.filter(officer=officer, key=key)
        free = Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - _lease())
        push = mine.filter(free, push=Notice.Push.WAITING).update(claimed_at=now, attempts=F("attempts") + 1)
        free = Q(mail_claimed_at__isnull=True) | Q(mail_claimed_at__lt=now - _lease())
        mail = mine.filter(free, mail="").update(mail_claimed_at=now)
        free = Q(devices_claimed_at__isnull=True) | Q(devices_claimed_at__lt=now - _lease())
        devices = mine.filter(free, devices="").update(devices_claimed_at=now)
        if not (push or mail or devices):
            continue  # delivered already, or under way elsewhere
        duties = _duties(officer, now)
        written = _written(officer, key, duties)
        present = {code: duty for code, duty in written.items() if duty is not None}
        if push:
            try:
                state = Notice.Push.VOID
                if len(present) == len(written):
                    _push(officer.pk, _letters(officer, key, _message("notice", duties, written)))
                    state, pushed = Notice.Push.SENT, pushed + 1
                mine.update(push=state, pushed_at=clock.now())
            except Exception:
                log.warning("notice %s for %s not pushed yet", key, officer.pk, exc_info=True)
        if mail:
            try:
                mine.update(mail=mail_notice_send(officer=officer, written=present, now=now), mailed_at=clock.now())
            except Exception:
                log.warning("notice %s for %s not mailed yet", key, officer.pk, exc_info=True)
        if devices:
            _to_devices(officer, key, mine, present, now)
    return pushed


def _to_devices(officer: Officer, key: str, mine, present: dict, now: datetime) -> None:
    """The third channel: a row per device of the officer, then each sent (Web Push,
    delivery/services/push_delivery.py); what fails stays for the sweeper."""
    try:
        push_deliveries_make(notice_ids=list(mine.values_list("pk", flat=True)), officer=officer, now=now)
        mine.update(devices="done")
        push_deliveries_send(officer=officer, key=key, written=present, now=now)
    except Exception:
        log.warning("notice %s for %s not sent to devices yet", key, officer.pk, exc_info=True)


def _devices_due(now: datetime, limit: int) -> None:
    """Device rows due again (a backoff over, quiet hours ended, a lease lapsed), each notice's
    duty read again: one gone meanwhile is not sent."""
    for key, officer_id in push_due(now=now, limit=limit):
        for officer in _officers([officer_id]):
            written = _written(officer, key, _duties(officer, now))
            present = {code: duty for code, duty in written.items() if duty is not None}
            try:
                push_deliveries_send(officer=officer, key=key, written=present, now=now)
            except Exception:
                log.warning("notice %s for %s not sent to devices yet", key, officer_id, exc_info=True)


def notices_refresh(*, key: str, officer_ids: Iterable[int]) -> None:
    """Tell each officer their count and waiting keys after the duty `key` ended."""
    now = clock.now()
    for officer in _officers(officer_ids):
        _push(officer.pk, _letters(officer, key, _message("duties", _duties(officer, now), {}, gone=key)))


def _written(officer: Officer, key: str, duties: dict[str, list]) -> dict:
    """What the notice `key` tells, in each language (None where it is gone): the duty, the
    letter for a letter's notice, or a decision told to the mover of a move."""
    if is_letter_key(key):
        return letter_notice(officer=officer, key=key)
    if is_move_told_key(key):
        return move_notice(officer=officer, key=key)
    return {code: next((d for d in found if d.key == key), None) for code, found in duties.items()}


def _letters(officer: Officer, key: str, message: dict) -> dict:
    """A letter's messages carry the officer's unread count (the menu's letter count follows)."""
    if is_letter_key(key):
        message["letters"] = unread_count(officer=officer)
    return message


def _message(kind: str, duties: dict[str, list], written: dict, gone: str = "") -> dict:
    some = next(iter(duties.values()))
    message: dict = {"type": "duties.notice", "kind": kind, "count": len(some), "keys": [d.key for d in some]}
    if gone:
        message["gone"] = gone
    if written:
        duty = next(iter(written.values()))
        message.update(
            key=duty.key,
            path=duty.path,
            deadline=duty.deadline.isoformat() if duty.deadline else None,
            text={code: d.summary for code, d in written.items()},
        )
    return message


def _push(officer_id: int, message: dict) -> None:
    """Raises when the channel layer cannot be reached: the notice stays claimed, and the
    sweeper delivers it once the lease is over."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(officer_group(officer_id), message)


def notices_sweep(*, limit: int = 200) -> int:
    """Deliver what is waiting longer than a moment on either channel (its task lost with Redis,
    its worker killed mid-delivery: the lease is over; the mail server down), then the digests."""
    now = clock.now()
    settled = now - timedelta(seconds=2)
    waiting = (
        Notice.objects.filter(
            Q(push=Notice.Push.WAITING, created_at__lt=settled)
            & (Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - _lease()))
            | Q(mail="", created_at__lt=settled)
            & (Q(mail_claimed_at__isnull=True) | Q(mail_claimed_at__lt=now - _lease()))
            | Q(devices="", created_at__lt=settled)
            & (Q(devices_claimed_at__isnull=True) | Q(devices_claimed_at__lt=now - _lease()))
        )
        .order_by("created_at")
        .values_list("key", "officer_id")[:limit]
    )
    pushed = 0
    for key, officer_id in waiting:
        pushed += notices_deliver(key=key, officer_ids=[officer_id])
    _devices_due(now, limit)
    mail_digests_send(now=now)
    return pushed
