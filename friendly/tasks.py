"""Celery tasks of friendly games: thin, by id, each calling one service (the clocks'). Their
names are what queued messages carry: they stay as they are."""

from celery import shared_task

from friendly.services.clock import FLAG_TASK, friendly_flag_check, friendly_sweep_flags


@shared_task(name=FLAG_TASK, acks_late=True, ignore_result=True)
def flag_due(game_id: int) -> bool:
    """The flag's instant: the side to move loses if its time is out (a move since moved it)."""
    return friendly_flag_check(game_id=game_id)


@shared_task(name="friendly.tasks.sweep_flags", ignore_result=True)
def sweep_flags() -> int:
    return friendly_sweep_flags()
