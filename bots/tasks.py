"""Celery tasks of the computer players: thin, by id, each calling one service. Their names are
what queued messages carry: they stay as they are."""

from celery import shared_task

from bots.hooks import TACTICS_TASK
from bots.services import bot_tactics_turn


@shared_task(name=TACTICS_TASK, ignore_result=True)
def tactics_turn(game_id: int, version: int) -> str:
    """The computer's turn in a hero tactics game, as it stood at `version` (stale: dropped)."""
    return bot_tactics_turn(game_id=game_id, version=version)
