"""What the analysis plugs into the games below it: a decided game's analysis waits for the engine
(`play/hooks.decided`, called in the transaction that decided the game)."""

from analysis.services import analysis_queue
from campaign import hooks
from play import hooks as play_hooks


def register_all() -> None:
    hooks.register(play_hooks.decided, analysis_queue)
