"""A campaign's world as a file holds it (docs/world-files.md), YAML or JSON, so that export →
import (`seasons/world/importing.py`) → export gives the same text. A read: it writes
nothing, in a fixed number of queries whatever the world's size."""

import json
from typing import Any

import yaml

from campaign.models import Campaign, Kingdom, Officer
from cities.models import City, Road
from forum.models import BoardModerator
from seasons.world.parse import CAMPAIGN_SETTINGS, setting_of

HEADER = "# A world of chess-siege: its schema is docs/world-files.md of the site (durations in seconds).\n"
TOP_SETTINGS = ("time_zone", "battle_game")  # written at the top of the file; the others under `settings`


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def world_data(campaign: Campaign) -> dict[str, Any]:
    """A campaign's world as a file holds it (the schema of docs/world-files.md)."""
    settings = {name: setting_of(campaign, name) for name in CAMPAIGN_SETTINGS if name not in TOP_SETTINGS}
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


def _officers_data(campaign: Campaign, kingdoms: list[Kingdom]) -> list[dict[str, Any]]:
    """Each officer with a kingdom, in their city (or, away from any, their kingdom's capital)."""
    kings = {k.king_id for k in kingdoms}
    capitals = {k.pk: k.capital.name if k.capital else None for k in kingdoms}
    governs: dict[int, str] = {}
    rows = City.objects.filter(campaign=campaign, governor__isnull=False).order_by("-position", "-pk")
    for governor_id, name in rows.values_list("governor_id", "name"):
        governs[governor_id] = name
    moderates: dict[int, list[str]] = {}
    boards = BoardModerator.objects.filter(board__campaign=campaign, board__city__isnull=False)
    for officer_id, name in boards.order_by("board__city__position", "pk").values_list(
        "officer_id", "board__city__name"
    ):
        moderates.setdefault(officer_id, []).append(name)
    out = []
    officers = Officer.objects.filter(campaign=campaign, kingdom__isnull=False).select_related(
        "user", "kingdom", "city"
    )
    for o in officers.order_by("pk"):
        assert o.kingdom is not None  # the query's kingdom__isnull=False
        entry: dict[str, Any] = {"user": o.user.get_username(), "name": o.name, "kingdom": o.kingdom.name}
        entry.update(stars=o.stars, kind=o.kind, city=o.city.name if o.city else capitals[o.kingdom.pk])
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
