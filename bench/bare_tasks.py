"""The bare floor of bench/clock.py: one Celery ETA task per timer, doing one UPDATE,
loaded into the site's worker with `--include bare_tasks` (bench/ on PYTHONPATH)."""

from celery import shared_task

from campaign import clock
from campaign.models import Timer


@shared_task(name="bench.bare_apply", ignore_result=True, acks_late=True)
def bare_apply(timer_id: int) -> None:
    Timer.objects.filter(pk=timer_id).update(applied_at=clock.now())
