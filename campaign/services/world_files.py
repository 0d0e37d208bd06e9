"""A world in a file (docs/world-files.md): `world_import` reads YAML or JSON within the settings' limits
(campaign/rules/world_file.py), checks it
(campaign/rules/world_check.py: every refusal names its line or field and the rule) and builds it
in parts (world_staging.py), its officers on existing accounts only. Cities a file leaves without
coordinates get them here, once (cities/layout.py), so that no page lays the map out. Writing a
world out is a read: `campaign/selectors/world_file.py`."""

from typing import Any

from django.conf import settings
from django.db import IntegrityError, models

from campaign.models import Campaign, Officer, OfficerKind
from campaign.rules.world_check import SLUG, Vocabulary, world_spec
from campaign.rules.world_file import Limits, WorldFileError, line_of, world_lines, world_read
from campaign.selectors.world_file import setting_plain
from campaign.services.world import CAMPAIGN_SETTINGS, accounts_for, places_fill
from campaign.services.world_staging import opened_new, world_staged
from campaign.world_refusals import world_refusal
from cities.models import CityKind


def _setting_type(field: models.Field) -> str:
    if isinstance(field, models.DurationField):
        return "duration"
    if isinstance(field, models.BooleanField):
        return "bool"
    if isinstance(field, (models.SmallIntegerField, models.PositiveSmallIntegerField)):
        return "small"  # at most 32,767 (PostgreSQL's smallint)
    if isinstance(field, models.IntegerField):
        return "int"
    return "str"


def _column(name: str) -> models.Field:
    field = Campaign._meta.get_field(name)
    assert isinstance(field, models.Field)  # every campaign setting is a column of the campaign's row
    return field


def world_limits() -> Limits:
    """The most a world file may hold (settings WORLD_FILE_MAX_BYTES, _CITIES, _ROADS, _OFFICERS)."""
    return Limits(
        max_bytes=settings.WORLD_FILE_MAX_BYTES,
        cities=settings.WORLD_FILE_MAX_CITIES,
        roads=settings.WORLD_FILE_MAX_ROADS,
        officers=settings.WORLD_FILE_MAX_OFFICERS,
    )


def world_vocabulary() -> Vocabulary:
    """What the models allow a world file to say."""
    fields = {name: _column(name) for name in CAMPAIGN_SETTINGS}
    battle = _column("battle_game")
    return Vocabulary(
        settings={name: _setting_type(f) for name, f in fields.items()},
        defaults={name: setting_plain(f.get_default()) for name, f in fields.items()},
        city_kinds=tuple(CityKind.values),
        officer_kinds=tuple(OfficerKind.values),
        battle_games=tuple(value for value, _label in battle.choices or ()),
        limits=world_limits(),
    )


def world_parse(*, text: str | bytes, fmt: str) -> dict[str, Any]:
    """The description `world_create` takes, or a RuleViolation naming the line or field (a YAML
    file's line of a field the check refused found by reading it again, refusals being few)."""
    vocabulary = world_vocabulary()
    try:
        data = world_read(text, fmt, vocabulary.limits)
        return world_spec(data, vocabulary)
    except WorldFileError as error:
        if error.line is None and error.path and fmt == "yaml":
            error.line = line_of(error.path, world_lines(text, vocabulary.limits))
        raise world_refusal(error, fmt=fmt) from None


def place_unplaced(spec: dict[str, Any], given: dict[str, tuple[float, float]] | None = None) -> None:
    """Coordinates for the cities the file left without: those `given` (where a preview of the same
    file laid them out, so that saving it does not lay it out again), the others laid out around
    the placed ones, once."""
    given = given or {}
    for c in spec["cities"]:
        if "x" not in c and c["name"] in given:
            c["x"], c["y"] = given[c["name"]]
    places_fill(spec)


def world_import(
    *,
    text: str | bytes,
    fmt: str = "yaml",
    status: str = Campaign.Status.WAR,
    slug: str = "",
    places: dict[str, tuple[float, float]] | None = None,
    uploader: Any = None,
) -> Campaign:
    """A new campaign built from a world file (at war, as the command builds it; an organiser's in
    draft, at the address `slug` when given instead of the file's, the `uploader` its organiser);
    a refused file changes nothing. Its officers name existing accounts (`accounts_named`): a file
    makes none. Written in parts, no write lock held for long (world_staging.py)."""
    spec = world_parse(text=text, fmt=fmt)
    users = accounts_named(spec=spec, fmt=fmt, uploader=uploader)
    if slug:
        if not SLUG.match(slug):
            raise world_refusal(WorldFileError("slug", "slug"), fmt="form")
        spec["slug"] = slug
    slug_free(slug=spec["slug"], fmt=fmt)
    place_unplaced(spec, places)
    opened = opened_new(slug=spec["slug"], status=status, organisers=[uploader] if uploader else [])
    try:
        return world_staged(spec=spec, users=users, opened=opened)
    except IntegrityError:
        slug_free(slug=spec["slug"], fmt=fmt)  # another import took the address meanwhile: refused by name
        raise


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
