"""The war's Celery tasks: thin, take ids, call one service. The analysis after a game runs on
its own queue ("analysis", CELERY_TASK_ROUTES), consumed by a worker of its own, so that an
engine's minute never holds back a timer; its sweep runs with the sweeper."""

from celery import shared_task

from analysis.services import ANALYSE_TASK, analysis_run, analysis_sweep

SWEEP_TASK = "battles.tasks.sweep_analyses"


@shared_task(name=ANALYSE_TASK, acks_late=True, ignore_result=True)
def analyse_game(game_id: int) -> str:
    return analysis_run(game_id=game_id)


@shared_task(name=SWEEP_TASK, ignore_result=True)
def sweep_analyses() -> int:
    return analysis_sweep()
