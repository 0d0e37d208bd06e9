"""The garbage collector tuned for many sessions in one event loop (the BBS's process).

- At start-up (`settle_collector`): everything made so far (Django, the apps, the libraries'
  modules) moved out of its reach (gc.freeze), and its full passes taken off the allocation count:
  with a hundred sessions open a pass walked every object of every session, about a quarter of a
  second each few seconds, every key of every session waiting behind it. `collect_now_and_then`
  runs them instead, every FULL_COLLECTION_SECONDS; a pass finds little else (the cycles of the
  sessions that ended), so this bounds what waits for it to a few minutes' worth.
- After each redraw, once its bytes are sent (`collect_after_redraw`): the young generation
  collected, and the middle one every MIDDLE_EVERY redraws. Left to the interpreter's count, the
  young collections came rarely and large: the count is of objects made less objects freed, and
  each redraw frees the screen before last (an old object by then) as it makes a new one, so with
  a hundred sessions typing the count stayed low while some twenty thousand young objects piled
  up, long out of the processor's cache; walking them took 5 to 20 ms, and the key typed in that
  moment waited for it. Collected after each redraw the young are a few hundred, just made:
  some 40 µs, and none of it between a key and its screen.
"""

import asyncio
import gc
from typing import Any

FULL_COLLECTION_SECONDS = 600  # the collector's full pass, at most this far apart
MIDDLE_EVERY = 10  # redraws between collections of the middle generation (the interpreter's own 10)

_redraws = 0


def settle_collector() -> None:
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, 2**31 - 1)


async def collect_now_and_then() -> None:
    """Until cancelled: a full pass of the garbage collector every FULL_COLLECTION_SECONDS."""
    while True:
        await asyncio.sleep(FULL_COLLECTION_SECONDS)
        gc.collect()


def collect_after_redraw(_app: Any = None) -> None:
    """The young generation collected (and the middle one every MIDDLE_EVERY calls): prompt_toolkit's
    `after_render` event, fired once the redraw's bytes were written to the channel."""
    global _redraws
    _redraws += 1
    gc.collect(1 if _redraws % MIDDLE_EVERY == 0 else 0)
