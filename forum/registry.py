"""What the forum plugs into the campaign below it, in one place: `register_all`, which
`ForumConfig.ready` calls in every process.

- Freshness: a board's writes change what the dashboard and the map show
  (`campaign/freshness.py`).
- The navigation bar's count of unread letters, read with the officer (`hooks.officer_counts`).
"""

from campaign import freshness, hooks
from forum.models import Board
from forum.models.letters import unread_letters


def register_all() -> None:
    freshness.watch(Board)
    hooks.officer_counts["unread_letters"] = unread_letters
