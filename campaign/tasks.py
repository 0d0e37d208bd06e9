"""Celery tasks: thin, take ids, call one service (the timers'): an edge on top of every layer of
the campaign. Each task's registered name (the *_TASK constants) is what the broker's queued
messages carry, so it stays as it is when a Python name changes (a renamed task would leave the
messages already queued unrun). The notices' and the mail's tasks are the delivery app's
(delivery/tasks.py), a season's the seasons app's (seasons/tasks.py)."""

from datetime import datetime

from celery import shared_task

from campaign import clock
from campaign.timers import APPLY_DUE_TASK, timers_apply_due, timers_sweep


@shared_task(name=APPLY_DUE_TASK, acks_late=True, ignore_result=True)
def apply_due(at: str) -> int:
    """Apply the timers due by the tick `at` (and any other overdue), a batch at a time (`timers_apply_due`)."""
    tick = datetime.fromisoformat(at)
    if tick > clock.now():
        apply_due.apply_async(args=[at], eta=tick)  # woke early (clock skew between hosts)
        return 0
    return timers_apply_due(now=clock.now())


@shared_task(ignore_result=True)
def sweep_timers() -> int:
    return timers_sweep()
