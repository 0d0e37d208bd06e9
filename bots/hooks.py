"""The computer told of each committed change of a hero tactics game it plays (the tactics
services' watchers, tactics/services/common.py): a Celery message asks a worker to take its turn,
if it has one (bots/tasks.py). The web process never thinks: it only asks, with one query."""

import logging

from celery import current_app
from django.db.models import Q

from campaign.timers import send_soon
from tactics.models import TacticsGame
from tactics.services import common

TACTICS_TASK = "bots.tasks.tactics_turn"
ENGINE_TASK = "bots.tasks.engine_move"  # sent by whoever starts a live game with the computer in it
log = logging.getLogger(__name__)


def tactics_changed(game_id: int, version: int) -> None:
    """After commit: a game with a computer among its players gets its message (best effort: a
    message lost leaves the computer waiting until the game's next change)."""
    played = Q(challenger__bot__isnull=False) | Q(opponent__bot__isnull=False)
    if not TacticsGame.objects.filter(played, pk=game_id).exists():
        return
    send_soon(lambda: current_app.send_task(TACTICS_TASK, args=[game_id, version], retry=False))


def register() -> None:
    if tactics_changed not in common.watchers:
        common.watchers.append(tactics_changed)
