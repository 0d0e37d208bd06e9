"""Celery tasks of a season: thin, take ids, call one service. The registered name is the one the
broker's messages carried before it moved here from the campaign."""

from celery import shared_task

from seasons.services import joining, organise_right


@shared_task(name=joining.MAIL_TASK, ignore_result=True)
def send_application_mail(application_id: int) -> bool:
    return joining.application_mail_send(application_id=application_id)


@shared_task(name=organise_right.RIGHT_MAIL_TASK, ignore_result=True)
def send_organise_right_request(user_id: int, message: str, language: str) -> int:
    return organise_right.organise_right_mail_send(user_id=user_id, message=message, language=language)
