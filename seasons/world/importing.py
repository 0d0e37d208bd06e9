"""A world in a file (docs/world-files.md): `world_import` reads YAML or JSON within the settings' limits
(seasons/world/rules/reader.py), checks it
(seasons/world/rules/check.py: every refusal names its line or field and the rule) and builds it
in parts (staging.py), its officers on existing accounts only. Cities a file leaves without
coordinates get them here, once (cities/layout.py), so that no page lays the map out. Writing a
world out is a read: `seasons/world/export.py`."""

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError

from campaign.authority import require_draft_room
from campaign.models import Campaign
from seasons.world.accounts import accounts_named, address_free, slug_free
from seasons.world.parse import place_unplaced, world_parse
from seasons.world.staging import opened_new, world_staged


def world_import(
    *,
    text: str | bytes,
    fmt: str = "yaml",
    status: str = Campaign.Status.WAR,
    slug: str = "",
    places: dict[str, tuple[float, float]] | None = None,
    uploader: Any = None,
    check: Callable[[], None] | None = None,
) -> Campaign:
    """A new campaign built from a world file (at war, as the command builds it; an organiser's in
    draft, at the address `slug` when given instead of the file's, the `uploader` its organiser);
    a refused file changes nothing. Its officers name existing accounts (`accounts_named`): a file
    makes none. Written in parts, no write lock held for long (staging.py); `check` is asked
    again in the last step's transaction."""
    spec = world_parse(text=text, fmt=fmt)
    users = accounts_named(spec=spec, fmt=fmt, uploader=uploader)
    address_free(spec=spec, fmt=fmt, slug=slug)
    place_unplaced(spec, places)
    opened = opened_new(slug=spec["slug"], status=status, organisers=[uploader] if uploader else [], check=check)
    try:
        return world_staged(spec=spec, users=users, opened=opened)
    except IntegrityError:
        slug_free(slug=spec["slug"], fmt=fmt)  # another import took the address meanwhile: refused by name
        raise


def draft_room_locked(user: Any) -> None:
    """Room for one more draft (DRAFTS_PER_ORGANISER), counted with the user's row locked: two
    creations at once count one after the other. In the caller's transaction."""
    get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).first()
    require_draft_room(user)
