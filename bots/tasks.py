"""Celery tasks of the computer players: thin, by id, each calling one service. Their names are
what queued messages carry: they stay as they are."""

from celery import shared_task

from bots.hooks import ENGINE_TASK, FRIENDLY_TASK, TACTICS_TASK
from bots.services.engine import bot_engine_move
from bots.services.friendly import bot_friendly_turn
from bots.services.tactics import bot_tactics_turn


@shared_task(name=TACTICS_TASK, ignore_result=True)
def tactics_turn(game_id: int, version: int) -> str:
    """The computer's turn in a hero tactics game, as it stood at `version` (stale: dropped)."""
    return bot_tactics_turn(game_id=game_id, version=version)


@shared_task(name=ENGINE_TASK, ignore_result=True)
def engine_move(game_id: int, side: str) -> str:
    """Fairy-Stockfish's move for the computer as `side` (attacker, defender) in a live game."""
    return bot_engine_move(game_id=game_id, side=side)


@shared_task(name=FRIENDLY_TASK, ignore_result=True)
def friendly_turn(game_id: int) -> str:
    """The computer's turn in a friendly xiangqi or chess game: a challenge accepted, or a move."""
    return bot_friendly_turn(game_id=game_id)
