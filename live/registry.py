"""What the live side plugs into the games below it: games played on the site tell their
watchers of each change, after commit (`play/hooks.watchers` is `live/fanout.py`,
so that no service imports Channels)."""

from campaign import hooks
from live import fanout
from play import hooks as play_hooks


def register_all() -> None:
    hooks.register(play_hooks.watchers, fanout.changed)
