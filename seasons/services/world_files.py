"""A world in a file (docs/world-files.md): `world_import` reads YAML or JSON within the settings' limits
(seasons/rules/world_file.py), checks it
(seasons/rules/world_check.py: every refusal names its line or field and the rule) and builds it
in parts (world_staging.py), its officers on existing accounts only. Cities a file leaves without
coordinates get them here, once (cities/layout.py), so that no page lays the map out. Writing a
world out is a read: `seasons/selectors/world_file.py`."""

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError

from campaign.authority import require_draft_room
from campaign.models import Campaign, Officer
from seasons.rules.world_check import SLUG
from seasons.rules.world_file import WorldFileError
from seasons.services.world import accounts_for
from seasons.services.world_staging import opened_new, world_staged
from seasons.world_reading import place_unplaced, world_parse
from seasons.world_refusals import world_refusal


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
    makes none. Written in parts, no write lock held for long (world_staging.py); `check` is asked
    again in the last step's transaction."""
    spec = world_parse(text=text, fmt=fmt)
    users = accounts_named(spec=spec, fmt=fmt, uploader=uploader)
    if slug:
        if not SLUG.match(slug):
            raise world_refusal(WorldFileError("slug", "slug"), fmt="form")
        spec["slug"] = slug
    slug_free(slug=spec["slug"], fmt=fmt)
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
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    require_draft_room(user)


def accounts_named(*, spec: dict[str, Any], fmt: str, uploader: Any = None, campaign: Campaign | None = None) -> dict:
    """The existing accounts a world file's officers name (whatever the case), by lower-cased name.
    A world file never makes an account (decision): a name no account has is refused; players who
    have none sign up and join through an invitation link or an application (joining.py), which
    gives them their officer. A file uploaded on the site (`uploader`) binds no one else's account
    either (else an organiser could enrol a player unasked): only the uploader's own, and those of
    `campaign`'s own officers (a draft's world replaced). `manage.py world_import` (the server's
    administrator) binds any existing account by name."""
    users = accounts_for(spec)
    own: set[int] = set()
    if uploader is not None:
        own = {uploader.pk}
        if campaign is not None:
            own |= set(Officer.objects.filter(campaign=campaign).values_list("user_id", flat=True))
    for i, o in enumerate(spec.get("officers", [])):
        user = users.get(o["username"].lower())
        if user is None:
            raise world_refusal(WorldFileError("account_unknown", f"officers[{i}].user", name=o["username"]), fmt=fmt)
        if uploader is not None and user.pk not in own:
            raise world_refusal(WorldFileError("account_taken", f"officers[{i}].user", name=o["username"]), fmt=fmt)
    return users


def slug_free(*, slug: str, fmt: str = "yaml") -> None:
    """R1.1: a campaign's address is its own. Checked before building and again after the unique
    index refused a campaign that another request made at the same moment."""
    if Campaign.objects.filter(slug=slug).exists():
        raise world_refusal(WorldFileError("slug_taken", "slug", slug=slug), fmt=fmt)
