"""A draft's world typed in the organisers' forms: kingdoms (name, colour, capital), cities (name,
kind, owner or neutral, wall), roads, and where the map draws a city.

Every edit is checked by the world file's own rules (seasons/world/rules/check.py): the world
as a file would hold it, with the edit made, must pass them all (an unknown capital or one owned
by another kingdom, a duplicate name, a kind not in the list, a wall above its kind's maximum, a
road twice, a city no road reaches from a capital), else it is refused and nothing changes. So a
world built by forms is always one a file could hold: a city is added with its first road, and
a road whose removal would cut a city off is refused. A new city gets its coordinates here,
once, beside the city of its first road (cities/layout.py `beside`); no page lays the map out."""

import math
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from campaign.authority import require_organiser
from campaign.errors import RuleViolation
from campaign.models import Campaign, Kingdom
from cities.layout import beside
from cities.models import City, Road
from forum.models import Board
from seasons.services.organise import checked, locked, require_before_war, require_draft
from seasons.world.export import world_data


def _editable(actor: User, campaign: Campaign) -> Campaign:
    require_organiser(actor, campaign)
    campaign = locked(campaign)
    require_draft(campaign)
    return campaign


def _named(items: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    return next((item for item in items if item["name"] == name), None)


def _renamed(data: dict[str, Any], old: str, new: str, *, kingdom: bool) -> None:
    """Every mention of a city (or a kingdom) by name, renamed in the world's data."""
    if kingdom:
        for item in data["cities"] + data["officers"]:
            if item.get("kingdom") == old:
                item["kingdom"] = new
        return
    for k in data["kingdoms"]:
        k["capital"] = new if k["capital"] == old else k["capital"]
    data["roads"] = [[new if end == old else end for end in road] for road in data["roads"]]
    for o in data["officers"]:
        for key in ("city", "governs"):
            if o.get(key) == old:
                o[key] = new
        if "moderates" in o:
            o["moderates"] = [new if name == old else name for name in o["moderates"]]


def _city_new(
    campaign: Campaign, *, name: str, kind: str, kingdom: Kingdom | None, wall: int | None, near=None
) -> City:
    """A city and its board (R1.3: its kind's wall unless given lower), drawn beside `near`."""
    rows = City.objects.filter(campaign=campaign, map_x__isnull=False, map_y__isnull=False)
    placed = [(float(x or 0), float(y or 0)) for x, y in rows.values_list("map_x", "map_y")]  # not null: filtered
    anchor = None
    if near is not None and near.map_x is not None and near.map_y is not None:
        anchor = (near.map_x, near.map_y)
    x, y = beside(anchor, placed, len(placed))
    wall_max = campaign.wall_for_kind(kind)
    position = (City.objects.filter(campaign=campaign).aggregate(last=Max("position"))["last"] or 0) + 1
    city = City.objects.create(
        campaign=campaign,
        name=name,
        kind=kind,
        kingdom=kingdom,
        wall=wall_max if wall is None else wall,
        wall_start=wall_max if wall is None else wall,
        wall_max=wall_max,
        position=position,
        map_x=x,
        map_y=y,
    )
    Board.objects.create(campaign=campaign, kind=Board.Kind.CITY, city=city)
    return city


def _city_entry(name: str, kind: str, kingdom: Kingdom | None, wall: int | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": name, "kind": kind}
    if kingdom is not None:
        entry["kingdom"] = kingdom.name
    if wall is not None:
        entry["wall"] = wall
    return entry


@transaction.atomic
def kingdom_add(*, actor: User, campaign: Campaign, name: str, colour: str, capital: str) -> Kingdom:
    """A kingdom with its palace board (R1.2) and its capital: a neutral city of that name, which
    becomes its, or a new city of the capital's kind."""
    campaign = _editable(actor, campaign)
    data = world_data(campaign)
    existing = _named(data["cities"], capital)
    if existing is None:
        data["cities"].append({"name": capital, "kingdom": name, "kind": "capital"})
    elif not existing.get("kingdom"):
        existing["kingdom"] = name
    data["kingdoms"].append({"name": name, "colour": colour, "capital": capital})
    checked(data)
    kingdom = Kingdom.objects.create(campaign=campaign, name=name, colour=colour)
    Board.objects.create(campaign=campaign, kind=Board.Kind.PALACE, kingdom=kingdom)
    city = City.objects.filter(campaign=campaign, name=capital).first()
    if city is None:
        city = _city_new(campaign, name=capital, kind="capital", kingdom=kingdom, wall=None)
    else:
        City.objects.filter(pk=city.pk).update(kingdom=kingdom)
    kingdom.capital = city
    kingdom.save(update_fields=["capital"])
    return kingdom


@transaction.atomic
def kingdom_update(*, actor: User, kingdom: Kingdom, name: str, colour: str, capital: City) -> Kingdom:
    """A kingdom's name, colour and capital (one of its own cities, R1.2)."""
    _editable(actor, kingdom.campaign)
    data = world_data(kingdom.campaign)
    _renamed(data, kingdom.name, name, kingdom=True)
    entry = _named(data["kingdoms"], kingdom.name)
    assert entry is not None  # world_data writes every kingdom of the campaign
    entry.update(name=name, colour=colour, capital=capital.name)
    checked(data)
    kingdom.name, kingdom.colour, kingdom.capital = name, colour, capital
    kingdom.save(update_fields=["name", "colour", "capital"])
    return kingdom


@transaction.atomic
def kingdom_remove(*, actor: User, kingdom: Kingdom) -> None:
    """A kingdom gone from the draft: its cities stay, neutral (refused when one of them would then
    be out of every capital's reach, or when it has officers)."""
    _editable(actor, kingdom.campaign)
    data = world_data(kingdom.campaign)
    data["kingdoms"] = [k for k in data["kingdoms"] if k["name"] != kingdom.name]
    for c in data["cities"]:
        if c.get("kingdom") == kingdom.name:
            del c["kingdom"]
    checked(data)
    City.objects.filter(kingdom=kingdom).update(kingdom=None)
    kingdom.delete()  # its palace board with it


@transaction.atomic
def city_add(
    *,
    actor: User,
    campaign: Campaign,
    name: str,
    kind: str,
    kingdom: Kingdom | None,
    wall: int | None = None,
    road_to: City | None = None,
) -> City:
    """A city (R1.3) with its board and, so that an army can reach it (R1.4), its first road."""
    campaign = _editable(actor, campaign)
    data = world_data(campaign)
    data["cities"].append(_city_entry(name, kind, kingdom, wall))
    if road_to is not None:
        data["roads"].append([road_to.name, name])
    checked(data)
    city = _city_new(campaign, name=name, kind=kind, kingdom=kingdom, wall=wall, near=road_to)
    if road_to is not None:
        low, high = sorted((city, road_to), key=lambda c: c.pk)
        Road.objects.create(campaign=campaign, a=low, b=high)
    return city


@transaction.atomic
def city_update(*, actor: User, city: City, name: str, kind: str, kingdom: Kingdom | None, wall: int | None) -> City:
    """A city's name, kind, owner (or neutral) and starting wall (at most its kind's, R1.3)."""
    campaign = _editable(actor, city.campaign)
    data = world_data(campaign)
    _renamed(data, city.name, name, kingdom=False)
    position = next(i for i, c in enumerate(data["cities"]) if c["name"] == city.name)
    old = data["cities"][position]
    data["cities"][position] = {**_city_entry(name, kind, kingdom, wall), **{k: old[k] for k in ("x", "y") if k in old}}
    checked(data)
    wall_max = campaign.wall_for_kind(kind)
    city.name, city.kind, city.kingdom, city.wall_max = name, kind, kingdom, wall_max
    city.wall = city.wall_start = wall_max if wall is None else wall
    city.save(update_fields=["name", "kind", "kingdom", "wall", "wall_start", "wall_max"])
    return city


@transaction.atomic
def city_remove(*, actor: User, city: City) -> None:
    """A city gone from the draft with its roads and board (refused for a capital, a city with
    officers, or one whose roads are another city's only way to a capital)."""
    _editable(actor, city.campaign)
    data = world_data(city.campaign)
    data["cities"] = [c for c in data["cities"] if c["name"] != city.name]
    data["roads"] = [r for r in data["roads"] if city.name not in r]
    checked(data)
    city.delete()


@transaction.atomic
def road_add(*, actor: User, campaign: Campaign, a: City, b: City) -> Road:
    """A road between two cities (R1.4), once."""
    campaign = _editable(actor, campaign)
    data = world_data(campaign)
    data["roads"].append([a.name, b.name])
    checked(data)
    low, high = sorted((a, b), key=lambda c: c.pk)
    return Road.objects.create(campaign=campaign, a=low, b=high)


@transaction.atomic
def road_remove(*, actor: User, road: Road) -> None:
    """A road gone (refused when a city would then be out of every capital's reach, R1.4)."""
    _editable(actor, road.campaign)
    data = world_data(road.campaign)
    ends = {road.a.name, road.b.name}
    data["roads"] = [r for r in data["roads"] if set(r) != ends]
    checked(data)
    road.delete()


@transaction.atomic
def city_place(*, actor: User, city: City, x: float, y: float) -> City:
    """Where the map draws a city (dragged there by an organiser): before the war, since the place
    changes no rule; the map fits any units to its frame."""
    require_organiser(actor, city.campaign)
    require_before_war(locked(city.campaign))
    if not all(math.isfinite(v) and -1e9 <= v <= 1e9 for v in (x, y)):
        raise RuleViolation("R1.4", _("A place on the map is two numbers."))
    City.objects.filter(pk=city.pk).update(map_x=x, map_y=y)
    city.map_x, city.map_y = x, y
    return city
