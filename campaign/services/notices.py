"""Telling officers of their duties: the outbox (its delivery is the `delivery` app's).

`notices_send` writes one Notice row per officer for a new duty, inside the transaction of the event
that made it (a siege call, a challenge, a request…): no event without its notices, no notice
of an event that was rolled back. After commit a worker delivers it (delivery/services/deliver.py:
the officer's pages, mail and devices); what Redis or a killed worker missed, its sweeper finds.

`duties_recount` tells officers whose list shrank (a duty done or lapsed): their count and the
keys still waiting, so open pages drop the items at once.

A letter (站內信, forum/services/letters.py) is told by the same outbox, under its key
(`letter:<id>`): it is not a duty and not counted among them, but it is delivered the same way.

The outbox sends the delivery's tasks by the names the broker's messages carry (delivery/tasks.py
runs them), so the core does not import the app above it."""

import logging
from collections.abc import Iterable

from celery import current_app
from django.db import transaction

from campaign import clock
from campaign.models import Notice
from campaign.timers import send_soon

log = logging.getLogger(__name__)
DELIVER_TASK = "campaign.tasks.deliver_notices"
REFRESH_TASK = "campaign.tasks.refresh_duties"


def officer_group(officer_id: int) -> str:
    return f"officer.{officer_id}"


def notices_send(*, campaign_id: int, officer_ids: Iterable[int | None], key: str) -> None:
    """Inside the event's transaction: a notice of the duty `key` for each officer (once per
    officer and key, however often the event is retried)."""
    ids = sorted({pk for pk in officer_ids if pk is not None})
    if not ids:
        return
    now = clock.now()
    Notice.objects.bulk_create(
        [Notice(campaign_id=campaign_id, officer_id=pk, key=key, created_at=now) for pk in ids],
        ignore_conflicts=True,
    )
    transaction.on_commit(lambda: send_soon(lambda: _send(DELIVER_TASK, key, ids)))


def duties_recount(*, key: str) -> None:
    """Inside the transaction that ended the duty `key`: after commit, everyone told of it
    hears their new count."""
    ids = list(Notice.objects.filter(key=key).values_list("officer_id", flat=True))
    if ids:
        transaction.on_commit(lambda: send_soon(lambda: _send(REFRESH_TASK, key, ids)))


def _send(task: str, key: str, ids: list[int]) -> None:
    try:
        current_app.send_task(task, args=[key, ids], ignore_result=True, retry=False)
    except Exception:  # Redis down: the sweeper delivers the notices when it is back
        log.warning("could not queue %s for %s", task, key, exc_info=True)
