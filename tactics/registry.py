"""What hero tactics plugs into the games below it (`play/hooks.py`), as the war's battle game
(W1, tactics/services/war.py): a battle's game of kind 戰棋 set up as it begins, and called off
when its battle's game is decided by the authority or cancelled with its battle; its clocks moved
on by a pause of the war."""

from campaign import hooks
from play import hooks as play_hooks
from tactics.services.war import (
    tactics_battle_begin,
    tactics_battle_decided,
    tactics_battles_cancelled,
    tactics_war_resumed,
)


def register_all() -> None:
    hooks.register(play_hooks.begun, tactics_battle_begin)
    hooks.register(play_hooks.decided, tactics_battle_decided)
    hooks.register(play_hooks.cancelled, tactics_battles_cancelled)
    hooks.register(hooks.war_resume_hooks, tactics_war_resumed)  # a paused war's battles' clocks
