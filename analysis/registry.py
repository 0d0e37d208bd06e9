"""What the analysis plugs into the war below it: a decided game's analysis waits for the engine
(`battles/services/common.decided`, called in the transaction that decided the game)."""

from analysis.services import analysis_queue
from battles.services import common
from campaign import hooks


def register_all() -> None:
    hooks.register(common.decided, analysis_queue)
