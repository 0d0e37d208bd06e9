"""Celery tasks of a season: thin, take ids, call one service. The registered name is the one the
broker's messages carried before it moved here from the campaign."""

from celery import shared_task

from seasons.services import joining


@shared_task(name=joining.MAIL_TASK, ignore_result=True)
def send_application_mail(application_id: int) -> bool:
    return joining.application_mail_send(application_id=application_id)
