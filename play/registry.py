"""Everything play plugs into the layers below it, in one place: `register_all`, which
`PlayConfig.ready` calls in every process (web, workers, beat, commands, tests); this module is
imported there, once the models are loaded.

- Timer handlers: a handler registers itself with `@timer_handler(kind)` from
  `campaign/timers.py`, beside the function that applies the kind (`play/timer_kinds.py`); the
  modules that hold them are imported here and nowhere else for that purpose.
- What play lets the apps above it plug in is `play/hooks.py` (the war hosts the games:
  battles/registry.py).
"""

from play.services import (  # each of these registers the handlers of its timer kinds
    live,  # noqa: F401  GAME_FLAG
    records,  # noqa: F401  CLAIM_WINDOW
)


def register_all() -> None:
    """Nothing to register but the timer handlers, which importing their modules did."""
