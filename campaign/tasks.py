"""Celery tasks: thin, take ids, call one service (the timers', the notices', the mail's): an edge on
top of every layer. Each task's registered name (the *_TASK constants) is what the broker's
queued messages carry, so it stays as it is when a Python name changes (a renamed task would
leave the messages already queued unrun)."""

from datetime import datetime

from celery import shared_task

from campaign import clock
from campaign.services import joining, mail
from campaign.services.mail import CONFIRM_TASK
from campaign.services.notices import DELIVER_TASK, REFRESH_TASK, notices_deliver, notices_refresh, notices_sweep
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
    applied = timers_sweep()
    notices_sweep()  # the notices Redis or a killed worker missed
    return applied


@shared_task(name=DELIVER_TASK, acks_late=True, ignore_result=True)
def deliver_notices(key: str, officer_ids: list[int]) -> int:
    return notices_deliver(key=key, officer_ids=officer_ids)


@shared_task(name=REFRESH_TASK, ignore_result=True)
def refresh_duties(key: str, officer_ids: list[int]) -> None:
    notices_refresh(key=key, officer_ids=officer_ids)


@shared_task(name=CONFIRM_TASK, ignore_result=True)
def send_mail_confirmation(subscription_id: int) -> bool:
    return mail.mail_confirmation_send(subscription_id=subscription_id)


@shared_task(name=joining.MAIL_TASK, ignore_result=True)
def send_application_mail(application_id: int) -> bool:
    return joining.application_mail_send(application_id=application_id)
