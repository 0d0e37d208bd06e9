"""A world file read against this site (docs/world-files.md): the campaign settings a file may
set, the limits and the vocabulary the models allow, the read and the check with every refusal
worded (`world_parse`), and the coordinates of the cities a file leaves without. It writes
nothing: the import (seasons/world/importing.py), the preview and the export
(campaign/selectors/) all start here, so neither reaches into the other."""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models

from campaign.models import Campaign, OfficerKind
from cities.layout import placed_everywhere
from cities.models import CityKind
from seasons.world.refusals import world_refusal
from seasons.world.rules.check import Vocabulary, tactics_map_plain, world_spec
from seasons.world.rules.reader import Limits, WorldFileError, line_of, world_lines, world_read

CAMPAIGN_SETTINGS = (
    "time_zone",
    "travel_time",
    "online_window",
    "post_edit_window",
    "king_orders_from_stars",
    "capital_wall",
    "buffer_wall",
    "frontier_wall",
    "moves_through_own_cities_only",
    "starting_morale",
    "ransom_per_star",
    "pursuit_window",
    "pursuers",
    "reinforcement_morale",
    "daily_morale_loss",
    "daily_wall_gain",
    "war_start_minute",
    "war_end_minute",
    "penalty_period",
    "outnumbered_ratio",
    "outnumbered_points",
    "unanswered_points",
    "battle_game",
    "stratagem_window",
    "stratagem_wall",
    "stratagem_extra_moves",
    "live_base",
    "live_increment",
    "live_first_move",
    "live_repetition_limit",
    "claim_window",
    "banqi_base",
    "banqi_increment",
    "tactics_map",
)


def setting_plain(value: Any) -> Any:
    """A setting as the file writes it: a duration in whole seconds."""
    return int(value.total_seconds()) if isinstance(value, timedelta) else value


def setting_of(campaign: Campaign, name: str) -> Any:
    """A campaign's setting as a world file writes it (the hero tactics map by its name or rows)."""
    value = getattr(campaign, name)
    return tactics_map_plain(value) if name == "tactics_map" else setting_plain(value)


def _setting_type(name: str, field: models.Field) -> str:
    if name == "tactics_map":
        return "map"  # a map's name or its drawn rows, checked by T3.11 (rules/check.py)
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
        settings={name: _setting_type(name, f) for name, f in fields.items()},
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


def places_fill(spec: dict[str, Any]) -> None:
    """Coordinates for the cities the description left without, laid out around the placed ones
    once, when the world is saved: no page ever lays the map out."""
    names = [c["name"] for c in spec["cities"]]
    placed = {c["name"]: (float(c["x"]), float(c["y"])) for c in spec["cities"] if "x" in c and "y" in c}
    if len(placed) == len(names):
        return
    spots = placed_everywhere(names, [tuple(road) for road in spec.get("roads", [])], placed)
    for c in spec["cities"]:
        c["x"], c["y"] = spots[c["name"]]
