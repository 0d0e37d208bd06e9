"""A world in a file (README "The world file"): `world_import` reads YAML or JSON, checks it
(campaign/rules/world_check.py: every refusal names its line or field and the rule) and builds it
with `world_create`, in one transaction. Cities a file leaves without
coordinates get them here, once (cities/layout.py), so that no page lays the map out. Writing a
world out is a read: `campaign/selectors/world_file.py`."""

from typing import Any

from django.db import models, transaction

from campaign.models import Campaign, OfficerKind
from campaign.rules.world_check import Vocabulary, world_spec
from campaign.rules.world_file import WorldFileError, line_of, world_read
from campaign.selectors.world_file import setting_plain
from campaign.services.world import CAMPAIGN_SETTINGS, world_create
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
    )


def world_parse(*, text: str | bytes, fmt: str) -> dict[str, Any]:
    """The description `world_create` takes, or a RuleViolation naming the line or field."""
    lines: dict[str, int] = {}
    try:
        data, lines = world_read(text, fmt)
        return world_spec(data, world_vocabulary())
    except WorldFileError as error:
        if error.line is None and error.path:
            error.line = line_of(error.path, lines)
        raise world_refusal(error, fmt=fmt) from None


@transaction.atomic
def world_import(*, text: str | bytes, fmt: str = "yaml") -> Campaign:
    """A new campaign built from a world file; a refused file changes nothing."""
    spec = world_parse(text=text, fmt=fmt)
    if Campaign.objects.filter(slug=spec["slug"]).exists():
        raise world_refusal(WorldFileError("slug_taken", "slug", slug=spec["slug"]), fmt=fmt)
    return world_create(spec=spec)
