"""A world in a file (README "The world file"): `world_import` reads YAML or JSON, checks it
(campaign/rules/world_check.py: every refusal names its line or field and the rule) and builds it
with `world_create`, in one transaction; `world_export` writes a campaign's world in the same
format, so that export → import → export gives the same text. Cities a file leaves without
coordinates get them here, once (cities/layout.py), so that no page lays the map out."""

import json
from datetime import timedelta
from typing import Any

import yaml
from django.db import models, transaction

from campaign.models import BoardModerator, Campaign, Officer, OfficerKind
from campaign.rules.world_check import Vocabulary, world_spec
from campaign.rules.world_file import WorldFileError, line_of, world_read
from campaign.services.world import CAMPAIGN_SETTINGS, world_create
from campaign.world_refusals import world_refusal
from cities.layout import placed_everywhere
from cities.models import City, CityKind, Road

HEADER = '# A world of chess-siege: the schema is README\'s "The world file" (durations in seconds).\n'
TOP_SETTINGS = ("time_zone", "battle_game")  # written at the top of the file; the others under `settings`


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


def _plain(value: Any) -> Any:
    """A setting as the file writes it: a duration in whole seconds."""
    return int(value.total_seconds()) if isinstance(value, timedelta) else value


def world_vocabulary() -> Vocabulary:
    """What the models allow a world file to say."""
    fields = {name: Campaign._meta.get_field(name) for name in CAMPAIGN_SETTINGS}
    battle = Campaign._meta.get_field("battle_game")
    return Vocabulary(
        settings={name: _setting_type(f) for name, f in fields.items()},  # type: ignore[arg-type]
        defaults={name: _plain(f.get_default()) for name, f in fields.items()},  # type: ignore[union-attr]
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


def _place(spec: dict[str, Any]) -> None:
    """Coordinates for the cities the file left without: laid out around the placed ones, once."""
    names = [c["name"] for c in spec["cities"]]
    placed = {c["name"]: (float(c["x"]), float(c["y"])) for c in spec["cities"] if "x" in c}
    if len(placed) == len(names):
        return
    spots = placed_everywhere(names, spec["roads"], placed)
    for c in spec["cities"]:
        c.setdefault("x", spots[c["name"]][0])
        c.setdefault("y", spots[c["name"]][1])


@transaction.atomic
def world_import(*, text: str | bytes, fmt: str = "yaml") -> Campaign:
    """A new campaign built from a world file; a refused file changes nothing."""
    spec = world_parse(text=text, fmt=fmt)
    if Campaign.objects.filter(slug=spec["slug"]).exists():
        raise world_refusal(WorldFileError("slug_taken", "slug", slug=spec["slug"]), fmt=fmt)
    _place(spec)
    return world_create(spec=spec)


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def world_data(campaign: Campaign) -> dict[str, Any]:
    """A campaign's world as a file holds it (the schema of README "The world file")."""
    settings = {name: _plain(getattr(campaign, name)) for name in CAMPAIGN_SETTINGS if name not in TOP_SETTINGS}
    kingdoms = list(campaign.kingdoms.select_related("capital").order_by("pk"))
    cities = list(City.objects.filter(campaign=campaign).select_related("kingdom").order_by("position", "pk"))
    return {
        "name": campaign.name,
        "slug": campaign.slug,
        **{name: getattr(campaign, name) for name in TOP_SETTINGS},
        "settings": settings,
        "kingdoms": [
            {"name": k.name, "colour": k.colour, "capital": k.capital.name if k.capital else None} for k in kingdoms
        ],
        "cities": [_city_data(campaign, c) for c in cities],
        "roads": [
            [r.a.name, r.b.name] for r in Road.objects.filter(campaign=campaign).select_related("a", "b").order_by("pk")
        ],
        "officers": _officers_data(campaign, kingdoms),
    }


def _city_data(campaign: Campaign, city: City) -> dict[str, Any]:
    out: dict[str, Any] = {"name": city.name}
    if city.kingdom is not None:
        out["kingdom"] = city.kingdom.name
    out["kind"] = city.kind
    if city.wall != campaign.wall_for_kind(city.kind):
        out["wall"] = city.wall
    if city.map_x is not None and city.map_y is not None:
        out["x"], out["y"] = _number(city.map_x), _number(city.map_y)
    return out


def _officers_data(campaign: Campaign, kingdoms: list) -> list[dict[str, Any]]:
    """Each officer with a kingdom, in their city (or, away from any, their kingdom's capital)."""
    kings = {k.king_id for k in kingdoms}
    capitals = {k.pk: k.capital.name if k.capital else None for k in kingdoms}
    governs: dict[int, str] = {}
    for city in City.objects.filter(campaign=campaign, governor__isnull=False).order_by("-position", "-pk"):
        governs[city.governor_id] = city.name  # type: ignore[index]
    moderates: dict[int, list[str]] = {}
    rows = BoardModerator.objects.filter(board__campaign=campaign, board__city__isnull=False)
    for officer_id, name in rows.order_by("board__city__position", "pk").values_list("officer_id", "board__city__name"):
        moderates.setdefault(officer_id, []).append(name)
    out = []
    officers = Officer.objects.filter(campaign=campaign, kingdom__isnull=False).select_related(
        "user", "kingdom", "city"
    )
    for o in officers.order_by("pk"):
        entry: dict[str, Any] = {"user": o.user.get_username(), "name": o.name, "kingdom": o.kingdom.name}  # type: ignore[union-attr]
        entry.update(stars=o.stars, kind=o.kind, city=o.city.name if o.city else capitals[o.kingdom_id])
        if o.title:
            entry["title"] = o.title
        if o.pk in kings:
            entry["king"] = True
        if o.pk in governs:
            entry["governs"] = governs[o.pk]
        if o.pk in moderates:
            entry["moderates"] = moderates[o.pk]
        out.append(entry)
    return out


def world_export(campaign: Campaign, *, fmt: str = "yaml") -> str:
    """The campaign's world as a file: YAML (a line per kingdom, city and road) or JSON."""
    data = world_data(campaign)
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    head = {k: data[k] for k in ("name", "slug", *TOP_SETTINGS, "settings")}
    text = HEADER + _dump(head, flow=False)
    for key in ("kingdoms", "cities", "roads", "officers"):
        text += _dump({key: data[key]}, flow=None)
    return text


def _dump(data: dict[str, Any], *, flow: bool | None) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=flow, width=1_000_000)
