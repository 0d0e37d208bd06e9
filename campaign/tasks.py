"""Celery tasks: thin, take ids, call the timer service."""

from celery import shared_task


@shared_task(acks_late=True, ignore_result=True)
def apply_timer(timer_id: int) -> bool:
    from campaign import clock
    from campaign.models import Timer
    from campaign.timers import timer_apply

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
    from campaign.timers import timers_sweep

    return timers_sweep()
