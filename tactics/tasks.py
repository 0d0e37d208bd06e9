"""Celery tasks of hero tactics games: thin, by id, each calling one service (the clocks', W7).
Their names are what queued messages carry: they stay as they are."""

from celery import shared_task

from tactics.services.clock import FLAG_TASK, tactics_flag_check, tactics_sweep_flags


@shared_task(name=FLAG_TASK, acks_late=True, ignore_result=True)
def flag_due(game_id: int) -> bool:
    """The flag's instant: the side to act loses if its time is out (a move since moved it)."""
    return tactics_flag_check(game_id=game_id)


@shared_task(name="tactics.tasks.sweep_flags", ignore_result=True)
def sweep_flags() -> int:
    return tactics_sweep_flags()
