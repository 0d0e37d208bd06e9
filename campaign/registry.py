"""Everything the campaign plugs into, in one place: `register_all`, which `CampaignConfig.ready`
calls in every process (web, workers, beat, commands, tests); this module is imported there,
once the models are loaded.

- Timer handlers: a handler registers itself with `@timer_handler(kind)` (or
  `@timer_batch_handler`) from `campaign/timers.py`, beside the function that applies the kind;
  the app that holds them imports those modules in its `ready` (orders: a move's arrival;
  seasons: the war's start, resumption and end; the war: battles/registry.py).
- Freshness: the tables whose writes change what the dashboard and the map show
  (`campaign/freshness.py`: their refresh is a 304 until one changes), the map's tables included
  (cities import nothing of the campaign, so the campaign watches them).

What the campaign lets the apps above it plug in (`campaign/hooks.py`) they fill in their own
registries (forum/registry.py, battles/registry.py).
"""

from campaign import freshness
from campaign.models import Campaign, Kingdom, Move, Officer
from cities.models import City, Road


def register_all() -> None:
    # What the dashboard and the map show.
    for model in (Campaign, Kingdom, Officer, Move, City, Road):
        freshness.watch(model)
