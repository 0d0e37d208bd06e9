"""A world in a file (README "The world file"): `world_import` reads YAML or JSON within the
settings' limits (campaign/rules/world_file.py), checks it (campaign/rules/world_check.py: every
refusal names its line or field and the rule) and builds it
with `world_create`, in one transaction. Cities a file leaves without
coordinates get them here, once (cities/layout.py), so that no page lays the map out. Writing a
world out is a read: `campaign/selectors/world_file.py`."""

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, models, transaction
from django.db.models.functions import Lower

from campaign.models import Campaign, OfficerKind
from campaign.rules.world_check import SLUG, Vocabulary, world_spec
from campaign.rules.world_file import Limits, WorldFileError, line_of, world_lines, world_read
from campaign.selectors.world_file import setting_plain
from campaign.services.world import CAMPAIGN_SETTINGS, places_fill, world_create
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


@transaction.atomic
def world_import(
    *,
    text: str | bytes,
    fmt: str = "yaml",
    status: str = Campaign.Status.WAR,
    slug: str = "",
    places: dict[str, tuple[float, float]] | None = None,
    new_accounts: bool = False,
    uploader: Any = None,
) -> Campaign:
    """A new campaign built from a world file (at war, as the command builds it; an organiser's in
    draft, at the address `slug` when given instead of the file's); a refused file changes nothing.
    `new_accounts`: its officers' users are all made new (`accounts_new_only`: an upload on the site)."""
    spec = world_parse(text=text, fmt=fmt)
    if new_accounts:
        accounts_new_only(spec=spec, fmt=fmt, uploader=uploader)
    if slug:
        if not SLUG.match(slug):
            raise world_refusal(WorldFileError("slug", "slug"), fmt="form")
        spec["slug"] = slug
    slug_free(slug=spec["slug"], fmt=fmt)
    place_unplaced(spec, places)
    try:
        with transaction.atomic():  # a savepoint: the import racing another for the address
            return world_create(spec=spec, status=status)
    except IntegrityError:
        slug_free(slug=spec["slug"], fmt=fmt)  # the other one's campaign is there now: refused by name
        raise


def accounts_new_only(
    *, spec: dict[str, Any], fmt: str, campaign: Campaign | None = None, uploader: Any = None
) -> None:
    """A world file uploaded on the site binds no one else's account: each officer's user is made
    new (with no usable password), and a name an account already has, whatever its case, is refused
    (else an organiser could enrol a player without asking, or make a second "Plain" beside
    "plain", after which neither logs in by name). The accounts of `campaign`'s own officers (a
    draft's world replaced) are its own to name again, and so is the `uploader`'s own account (an
    organiser who serves in their war). `manage.py world_import` binds by name."""
    names = [o["username"].lower() for o in spec.get("officers", [])]
    if not names:
        return
    existing = get_user_model().objects.annotate(name=Lower("username")).filter(name__in=names)
    if campaign is not None:
        existing = existing.exclude(officers__campaign=campaign)
    if uploader is not None:
        existing = existing.exclude(pk=uploader.pk)
    taken = set(existing.values_list("name", flat=True))
    for i, o in enumerate(spec["officers"]):
        if o["username"].lower() in taken:
            raise world_refusal(WorldFileError("account_taken", f"officers[{i}].user", name=o["username"]), fmt=fmt)


def slug_free(*, slug: str, fmt: str = "yaml") -> None:
    """R1.1: a campaign's address is its own. Checked before building and again after the unique
    index refused a campaign that another request made at the same moment."""
    if Campaign.objects.filter(slug=slug).exists():
        raise world_refusal(WorldFileError("slug_taken", "slug", slug=slug), fmt=fmt)
