"""Where the apps above a game plug in without play importing them (DESIGN.md: a small registry
the higher app fills in, in its `registry.py`).

- `hosts`: what a game needs of the battle it is played for (one host today, the war:
  battles/registry.py): the place fought over locked before the game (the lock order: place,
  then game), who may enter its result (R11.3), the result applied to its battle in the
  transaction that decides it (R6.2, §5, R8.2), and a claim reported or disputed told on the
  place's board.
- `watchers`: told after a commit that changed a game played on the site, with ("game" |
  "banqi", its id, the object as written or None): the live side's fan-out (live/registry.py),
  so that no service imports Channels.
- `decided`: called in the transaction that decided a game, as hook(game=game): the engine's
  analysis waits for it (analysis/registry.py); a battle's hero tactics game entered by the
  authority is called off (tactics/registry.py).
- `begun`: called in the transaction in which a battle's game begins (taken up, paired or
  declared, its stratagems' effects applied), as hook(game=game): a game kind played in an app
  above play sets its own game up (W1: hero tactics, tactics/registry.py).
- `cancelled`: called in the transaction that cancels a battle's open games (their battle is
  over), as hook(games=the open games, a query): the hero tactics games they were played as are called off.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Host:
    lock: Callable[[Any], Any]  # (game) → the place fought over, locked
    may_enter_result: Callable[[Any, Any, Any], bool]  # (user, game, place)
    result_apply: Callable[..., None]  # (place=, game=, now=)
    claim_told: Callable[..., None]  # (place, game, actor, event): event "reported" or "disputed"


hosts: list[Host] = []
watchers: list[Callable[..., None]] = []
decided: list[Callable[..., None]] = []
begun: list[Callable[..., None]] = []
cancelled: list[Callable[..., None]] = []


def host_register(found: Host) -> None:
    """Add `found` once (AppConfig.ready may run more than once in tests)."""
    if found not in hosts:
        hosts.append(found)


def host() -> Host:
    """The host of the games (the war's, registered when its app is ready)."""
    assert hosts, "no app hosts the games (battles/registry.py registers the war)"
    return hosts[0]
