"""A world file's world written in parts, each its own short transaction, so that no write waits
behind an import: on SQLite one writer holds the database's write lock at a time, and a world of
thousands of cities and roads written in one transaction held it for as long as the writing
took (every post, move and timer behind it waited, then failed "database is locked").

Decision: the world is built in a *staging* campaign, one no one reaches: its address starts
with STAGING (`campaign.models.STAGING`, a character no address holds) and no list shows it.
Each part (`world_parts`: at most WRITE_BATCH rows) commits on its own; between two parts any
other writer goes. Only when every part is written does a last short transaction open it: a new
campaign takes its address, name and organisers; a draft's world replaced moves its rows over
(set-based UPDATEs) and sends the old world's rows to a staging campaign of their own. A part
that fails (or a race for the address) discards what was staged, in parts too, and refuses.
The longest lock held is one part's, or the last step's (`bench/world.py` measures both).
"""

import secrets
import time
from collections.abc import Callable, Iterator
from typing import Any

from django.db import transaction

from campaign.models import STAGING, Campaign, Kingdom, Officer
from cities.models import City, Road
from forum.models import Board
from seasons.world.creation import kings_admitted, world_opened, world_parts
from seasons.world.parse import CAMPAIGN_SETTINGS

# The longest transaction of the last staged import, in seconds (bench/world.py reports it).
longest: dict[str, float] = {"part": 0.0, "open": 0.0}
PAUSE_MAX = 0.1  # seconds: the longest pause after a part (the waiting writers poll at most this far apart)
WORLD_MODELS = (Officer, Road, Board, Kingdom, City)  # in the order a world is discarded


def _short(step: Callable[[], Any], kind: str) -> Any:
    """`step` in a transaction of its own; how long it held the write lock (from its BEGIN, which
    takes the lock on SQLite, to its COMMIT) is noted in `longest`. Then as long a pause: SQLite's
    waiting writers poll for the lock (they do not queue), so parts back to back would leave them
    no gap to take it in; half the time free, a post gets in within a part or two."""
    with transaction.atomic():
        started = time.perf_counter()
        result = step()
    held = time.perf_counter() - started
    longest[kind] = max(longest[kind], held)
    if not transaction.get_connection().in_atomic_block:
        time.sleep(min(held, PAUSE_MAX))
    return result


def _staging_campaign(spec: dict[str, Any]) -> Campaign:
    return Campaign.objects.create(
        name=spec["name"],
        slug=f"{STAGING}{secrets.token_hex(8)}",
        status=Campaign.Status.DRAFT,  # no timer, whatever its world becomes
        **{k: spec[k] for k in CAMPAIGN_SETTINGS if k in spec},
    )


def world_staged(*, spec: dict[str, Any], users: dict[str, Any], opened: Callable[[Campaign], Campaign]) -> Campaign:
    """The world of `spec` built in parts in a staging campaign, then `opened` (the caller's last
    step, in its own short transaction, given the staging campaign); then what is left staging
    (`opened.left`: a replaced draft's old world) discarded in parts. Anything raised before the
    opening discards the staged rows and goes on up."""
    longest.update(part=0.0, open=0.0)
    staging = _short(lambda: _staging_campaign(spec), "part")
    try:
        parts = world_parts(campaign=staging, spec=spec, users=users)
        while _short(lambda: next(parts, None), "part") is not None:
            pass
        campaign = _short(lambda: opened(staging), "open")
    except BaseException:
        world_discard(campaign_id=staging.pk)
        raise
    for left in (staging.pk, *getattr(opened, "left", ())):  # what was moved out (a replaced draft's)
        world_discard(campaign_id=left)
    return campaign


def opened_new(
    *, slug: str, status: str, organisers: list[Any], check: Callable[[], None] | None = None
) -> Callable[[Campaign], Campaign]:
    """The last step of a new campaign's import: `check` asked again (the uploader's room for a
    draft), then the staging campaign takes its address (an IntegrityError when another took it
    meanwhile), its state and organisers; its kings their admin; at war, its clock starts."""

    def opened(staging: Campaign) -> Campaign:
        if check is not None:
            check()
        Campaign.objects.filter(pk=staging.pk).update(slug=slug, status=status)
        staging.refresh_from_db()
        staging.organisers.add(*organisers)
        kings_admitted(staging)
        world_opened(staging)
        return staging

    return opened


def opened_instead(*, campaign: Campaign, check: Callable[[Campaign], Campaign]) -> Callable[[Campaign], Campaign]:
    """The last step of a draft's world replaced: `check` locks and checks the draft again (it may
    have left draft meanwhile); its old world's rows go to a staging campaign of their own (then
    discarded, in parts), the staged ones come to it, with the file's name and settings."""

    def opened(staging: Campaign) -> Campaign:
        draft = check(campaign)
        old = Campaign.objects.create(name=draft.name, slug=f"{STAGING}{secrets.token_hex(8)}", status=draft.status)
        opened.left = [old.pk]  # type: ignore[attr-defined]  # discarded by world_staged, in parts
        for model in WORLD_MODELS:
            model.objects.filter(campaign=draft).update(campaign=old)
        for model in WORLD_MODELS:
            model.objects.filter(campaign=staging).update(campaign=draft)
        draft.name = staging.name
        for name in CAMPAIGN_SETTINGS:
            setattr(draft, name, getattr(staging, name))
        draft.save(update_fields=["name", *CAMPAIGN_SETTINGS])
        kings_admitted(draft)
        return draft

    return opened


def _pks(model, campaign_id: int, size: int) -> Iterator[list[int]]:
    while True:
        chunk = list(model.objects.filter(campaign_id=campaign_id).values_list("pk", flat=True)[:size])
        if not chunk:
            return
        yield chunk


def _deleting(model, chunk: list[int]) -> Callable[[], Any]:
    return lambda: model.objects.filter(pk__in=chunk).delete()


def world_discard(*, campaign_id: int, size: int = 500) -> None:
    """A staging campaign and its rows gone, `size` rows of a table (with what hangs on them) per
    transaction. A campaign that is not staging is never touched."""
    if not Campaign.objects.filter(pk=campaign_id, slug__startswith=STAGING).exists():
        return
    for model in WORLD_MODELS:
        for chunk in _pks(model, campaign_id, size):
            _short(_deleting(model, chunk), "part")
    with transaction.atomic():
        Campaign.objects.filter(pk=campaign_id, slug__startswith=STAGING).delete()
