"""Celery tasks: thin, take ids, call the timer service (an edge on top of every layer)."""

from celery import shared_task

from campaign import clock
from campaign.models import Timer
from campaign.timers import APPLY_TIMER_TASK, timer_apply, timers_sweep


@shared_task(name=APPLY_TIMER_TASK, acks_late=True, ignore_result=True)
def apply_timer(timer_id: int) -> bool:
    due_at = Timer.objects.filter(pk=timer_id, status=Timer.Status.PENDING).values_list("due_at", flat=True).first()
    if due_at is None:
        return False  # already applied (by the sweeper, say): a read, no write transaction
    if due_at > clock.now():
        # Woke a little early (clock skew between hosts): wait for the due instant.
        apply_timer.apply_async(args=[timer_id], eta=due_at)
        return False
    return timer_apply(timer_id=timer_id)


@shared_task(ignore_result=True)
def sweep_timers() -> int:
    return timers_sweep()
