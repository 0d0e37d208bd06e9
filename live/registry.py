"""What the live side plugs into the war below it: games played on the site tell their
watchers of each change, after commit (`battles/services/common.watchers` is `live/fanout.py`,
so that no service imports Channels)."""

from battles.services import common
from campaign import hooks
from live import fanout


def register_all() -> None:
    hooks.register(common.watchers, fanout.changed)
