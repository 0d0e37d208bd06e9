"""Celery tasks of the delivery: thin, take ids, call one service (the notices', the mail's). Their
registered names are the ones the broker's messages carried before they moved here from the
campaign (campaign/services/notices.py sends them by name), so none queued is left unrun."""

from celery import shared_task

from campaign.services.notices import DELIVER_TASK, REFRESH_TASK
from delivery.services import mail
from delivery.services.deliver import notices_deliver, notices_refresh, notices_sweep
from delivery.services.mail import CONFIRM_TASK


@shared_task(name=DELIVER_TASK, acks_late=True, ignore_result=True)
def deliver_notices(key: str, officer_ids: list[int]) -> int:
    return notices_deliver(key=key, officer_ids=officer_ids)


@shared_task(name=REFRESH_TASK, ignore_result=True)
def refresh_duties(key: str, officer_ids: list[int]) -> None:
    notices_refresh(key=key, officer_ids=officer_ids)


@shared_task(name=CONFIRM_TASK, ignore_result=True)
def send_mail_confirmation(subscription_id: int) -> bool:
    return mail.mail_confirmation_send(subscription_id=subscription_id)


@shared_task(ignore_result=True)
def sweep_notices() -> int:
    """The notices Redis or a killed worker missed (on the sweeper's queue, as often as the timers')."""
    return notices_sweep()
