"""Where the campaign lets a higher layer react without importing it (DESIGN.md: a small
registry the higher app fills in). The war fills these in `battles/registry.py`; the campaign
calls them at the right moment.

- `departure_checks`: called with an officer about to leave their city; raise a RuleViolation
  to refuse the move (R3.6: nobody leaves a besieged city).
- `arrival_hooks`: called with (officer, city, at) when a move arrives (R8.4: a defender who
  arrives in a besieged city takes a place on the roster).
- `arrival_watch`: called with city ids, returns those where an arrival matters to the war (the
  besieged ones): arrivals applied as a batch call `arrival_hooks` only there (every
  hook registered must be one that does nothing elsewhere; with no watch, everywhere).
- `campaign_created_hooks`: called with (campaign, at) when a campaign is created (R7.1: its
  first local midnight is scheduled).
- `war_start_hooks`: called with (campaign, at) when a campaign's war starts at `at` (R7.1: a
  campaign born in draft gets its first local midnight then).
- `war_resume_hooks`: called with (campaign, paused_at, resumed_at) as a pause ends, while the
  timers it held are still held (`Timer.Status.PAUSED`): the war moves what its pages and clocks
  read (an army's arrival, a pursuit's deadline, a live game's stamps) by the pause's length, and
  takes its daily timer out of the held ones to put it at the next midnight (a day, not a
  deadline: a midnight inside the pause is skipped).
- `duty_readers`: called with (officer, now), returns what waits on the officer (objects with
  `key`, `summary`, `path`, `deadline`): the notices (campaign/services/notices.py) send only a
  duty that is still the officer's, in the officer's words; the navigation bar counts them.
- `officer_counts`: name → a function returning an annotation of the officer's row: what the
  navigation bar counts for them, read in the query that reads the officer (the forum's
  `unread_letters`, forum/registry.py; the war's `marches_on`, whether its duty reader need ask
  for the armies marching on the officer's cities).
- `city_war_readers`: called with (city=…, viewer=…, now=…), a city or None, returns the city's
  active siege (or None), the armies marching on it or before it, and the ids of those the viewer
  may go out to meet (R4.6): a city's board links to its war.
"""

from collections.abc import Callable
from datetime import datetime
from typing import Any

departure_checks: list[Callable[[Any], None]] = []
arrival_hooks: list[Callable[[Any, Any, datetime], None]] = []
arrival_watch: list[Callable[[set[int]], set[int]]] = []
campaign_created_hooks: list[Callable[[Any, datetime], None]] = []
war_start_hooks: list[Callable[[Any, datetime], None]] = []
war_resume_hooks: list[Callable[[Any, datetime, datetime], None]] = []
duty_readers: list[Callable[..., list]] = []
officer_counts: dict[str, Callable[[], Any]] = {}
city_war_readers: list[Callable[..., tuple[Any, list, set]]] = []


def register(registry: list, hook: Callable) -> None:
    """Add `hook` once (AppConfig.ready may run more than once in tests)."""
    if hook not in registry:
        registry.append(hook)
