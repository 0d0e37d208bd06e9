"""What a world file asks of the database before anything is built: the accounts its officers
name (a file makes none, and one uploaded on the site binds only its uploader's own) and whether
its address is free. Asked by the import and the replacement (importing.py,
seasons/services/organise.py) and by the preview (preview.py), so that a file the preview accepts is one the save
accepts."""

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.functions import Lower

from campaign.models import Campaign, Officer
from seasons.world.refusals import world_refusal
from seasons.world.rules.check import SLUG
from seasons.world.rules.reader import WorldFileError


def _chunks(items: list, size: int):
    for start in range(0, len(items), size):
        yield items[start : start + size]


def accounts_found(spec: dict[str, Any]) -> dict[str, Any]:
    """The existing accounts the officers name, by lower-cased username (one account a name,
    whatever its case)."""
    names = {o["username"].lower() for o in spec.get("officers", [])}
    found: dict[str, Any] = {}
    for chunk in _chunks(sorted(names), 500):  # SQLite's limit on a statement's parameters
        users = get_user_model().objects.annotate(name=Lower("username")).filter(name__in=chunk)
        found |= {u.name: u for u in users}
    return found


def accounts_named(*, spec: dict[str, Any], fmt: str, uploader: Any = None, campaign: Campaign | None = None) -> dict:
    """The existing accounts a world file's officers name (whatever the case), by lower-cased name.
    A world file never makes an account (decision): a name no account has is refused; players who
    have none sign up and join through an invitation link or an application (joining.py), which
    gives them their officer. A file uploaded on the site (`uploader`) binds no one else's account
    either (else an organiser could enrol a player unasked): only the uploader's own, and those of
    `campaign`'s own officers (a draft's world replaced). `manage.py world_import` (the server's
    administrator) binds any existing account by name."""
    users = accounts_found(spec)
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


def address_free(*, spec: dict[str, Any], fmt: str, slug: str = "") -> None:
    """The address a new campaign from a file takes (`slug` typed, else the file's): well formed
    and free (R1.1); `spec` takes it."""
    if slug:
        if not SLUG.match(slug):
            raise world_refusal(WorldFileError("slug", "slug"), fmt="form")
        spec["slug"] = slug
    slug_free(slug=spec["slug"], fmt=fmt)
