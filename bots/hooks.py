"""The computer told of each committed change of a hero tactics game it plays (the tactics
services' watchers, tactics/services/common.py), or of a friendly xiangqi or chess game
(friendly/services/common.py): a Celery message asks a worker to take its turn, if it has one
(bots/tasks.py). The web process never thinks: it only asks, with one query."""

import logging

from celery import current_app
from django.db.models import Q

from campaign.timers import send_soon
from friendly.models import FriendlyGame
from friendly.services import common as friendly_common
from tactics.models import TacticsGame
from tactics.services import common

TACTICS_TASK = "bots.tasks.tactics_turn"
ENGINE_TASK = "bots.tasks.engine_move"  # sent by whoever starts a live game with the computer in it
FRIENDLY_TASK = "bots.tasks.friendly_turn"
log = logging.getLogger(__name__)


def tactics_changed(game_id: int, version: int) -> None:
    """After commit: a game with a computer among its players gets its message (best effort: a
    message lost leaves the computer waiting until the game's next change)."""
    played = Q(challenger__bot__isnull=False) | Q(opponent__bot__isnull=False)
    if not TacticsGame.objects.filter(played, pk=game_id).exists():
        return
    send_soon(lambda: current_app.send_task(TACTICS_TASK, args=[game_id, version], retry=False))


def friendly_changed(game_id: int) -> None:
    """After commit: a friendly xiangqi or chess game challenged or played with a computer among
    its players gets its message (a lost one leaves the computer waiting for the game's next change)."""
    played = Q(first__bot__isnull=False) | Q(second__bot__isnull=False)
    live = Q(status__in=(FriendlyGame.Status.CHALLENGED, FriendlyGame.Status.PLAYING), kind__in=("xiangqi", "chess"))
    if not FriendlyGame.objects.filter(played, live, pk=game_id).exists():
        return
    send_soon(lambda: current_app.send_task(FRIENDLY_TASK, args=[game_id], retry=False))


def register() -> None:
    if tactics_changed not in common.watchers:
        common.watchers.append(tactics_changed)
    if friendly_changed not in friendly_common.watchers:
        friendly_common.watchers.append(friendly_changed)
