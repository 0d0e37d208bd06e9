"""Everything the campaign plugs into, in one place: `register_all`, which `CampaignConfig.ready`
calls in every process (web, workers, beat, commands, tests); this module is imported there,
once the models are loaded.

- Timer handlers: a handler registers itself with `@timer_handler(kind)` (or
  `@timer_batch_handler`) from `campaign/timers.py`, beside the function that applies the kind;
  the modules that hold them are imported here and nowhere else for that purpose.
- Freshness: the tables whose writes change what the dashboard and the map show
  (`campaign/freshness.py`: their refresh is a 304 until one changes), the map's tables included
  (cities import nothing of the campaign, so the campaign watches them).

What the campaign lets the war plug in (`campaign/hooks.py`) the war fills in
`battles/registry.py`.
"""

from campaign import freshness
from campaign.models import Board, Campaign, Kingdom, Move, Officer
from campaign.services import (  # noqa: F401  WAR_START, WAR_RESUME, WAR_END
    moves,  # noqa: F401  registers the handlers of ARRIVAL (one, and a batch)
    season_end,
    season_life,
)
from cities.models import City, Road


def register_all() -> None:
    # What the dashboard and the map show.
    for model in (Campaign, Kingdom, Officer, Move, Board, City, Road):
        freshness.watch(model)
