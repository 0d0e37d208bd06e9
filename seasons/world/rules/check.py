"""Checking a world file's data (read by `world_file.world_read`) against the rules of §1 and
turning it into the description `world_create` builds. Pure: no Django; what the models know
(the settings and their kinds, the kinds of cities and officers, the battle games) comes in as
a `Vocabulary`. Every refusal is a `WorldFileError` naming the field path.

>>> v = Vocabulary(settings={"capital_wall": "int", "travel_time": "duration"},
...     defaults={"capital_wall": 800, "travel_time": 1200}, city_kinds=("capital", "frontier"),
...     officer_kinds=("general",), battle_games=("xiangqi",))
>>> data = {"name": "W", "slug": "w", "kingdoms": [{"name": "A", "capital": "a"}],
...     "cities": [{"name": "a", "kingdom": "A", "kind": "capital"}, {"name": "b", "kind": "frontier"}],
...     "roads": [["a", "b"]], "settings": {"travel_time": 600}}
>>> spec = world_spec(data, v)
>>> spec["travel_time"], spec["cities"][1]
(datetime.timedelta(seconds=600), {'name': 'b', 'kind': 'frontier'})
>>> data["roads"] = []
>>> try:
...     world_spec(data, v)
... except WorldFileError as e:
...     print(e.code, e.path, e.params)
unreachable cities[1] {'city': 'b'}
>>> data["roads"], data["settings"] = [["a", "b"]], {"travel_time": 0}
>>> try:
...     world_spec(data, v)
... except WorldFileError as e:
...     print(e.code, e.path)
zero_travel_time settings.travel_time
"""

import re
import zoneinfo
from collections import deque
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from campaign.rules.names import invisible_in, look_alike_pair, normal_name
from campaign.rules.personnel import valid_stars
from campaign.rules.text import name_fault, text_fault
from cities.rules import adjacency
from games.tactics.board import LETTERS
from games.tactics.errors import TacticsViolation
from games.tactics.maps import MAPS, map_fault, map_named, map_read, map_rows, map_write
from seasons.world.rules.limits import Limits, WorldFileError, counts_within

TOP_KEYS = {"name", "slug", "time_zone", "battle_game", "settings", "kingdoms", "cities", "roads", "officers"}
KINGDOM_KEYS = {"name", "colour", "capital"}
CITY_KEYS = {"name", "kingdom", "kind", "wall", "x", "y"}
# A username as the site's accounts take them (Django's own rule: letters, digits and @.+-_).
USERNAME = re.compile(r"[\w.@+-]+\Z")
OFFICER_KEYS = {"user", "name", "kingdom", "stars", "kind", "city", "title", "king", "governs", "moderates"}
SLUG = re.compile(r"^[-a-zA-Z0-9_]{1,50}$")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
MAX_MAP_CHARACTERS = 26 * 27  # a drawn map's most: 26 rows of 26 files and their line ends
LIMITS = {"small": 2**15 - 1, "int": 2**31 - 1, "duration": 2**31 - 1}  # what the columns hold
WALL_SETTING = {"capital": "capital_wall", "buffer": "buffer_wall"}  # any other kind: frontier_wall
# The durations that make no sense at 0 (a road crossed in no time, a period counted without end,
# nobody ever online, a window closed as it opens), each refused with its own rule's code.
NOT_ZERO = {
    "travel_time": "zero_travel_time",
    "penalty_period": "zero_penalty_period",
    "online_window": "zero_online_window",
    "pursuit_window": "zero_pursuit_window",
    "stratagem_window": "zero_stratagem_window",
}


@dataclass(frozen=True)
class Vocabulary:
    """What the models allow: each rule setting's type ("int", "small" (≤ 32,767), "bool",
    "str", "duration" in seconds) and default, the kinds of city and officer, the battle games;
    and the most cities, roads and officers a world holds (the settings')."""

    settings: dict[str, str]
    defaults: dict[str, Any]
    city_kinds: tuple[str, ...]
    officer_kinds: tuple[str, ...]
    battle_games: tuple[str, ...]
    limits: Limits = field(default_factory=Limits)


def _fail(code: str, path: str, **params: Any) -> WorldFileError:
    return WorldFileError(code, path, **params)


def _keys(item: Any, path: str, allowed: set[str], required: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(item, dict):
        raise _fail("not_a_mapping", path)
    for key in item:
        if key not in allowed:
            raise _fail("unknown_key", f"{path}.{key}" if path else key, key=key)
    for key in required:
        if key not in item:
            raise _fail("missing", f"{path}.{key}" if path else key, key=key)
    return item


def _name(value: Any, path: str, max_length: int) -> str:
    """A name, plain text (the site's posts are Markdown: no link, tag or emphasis in a name)."""
    text = _text(value, path, max_length)
    if name_fault(text):
        raise _fail("name_markup", path, name=text)
    return text


def _text(value: Any, path: str, max_length: int, *, required: bool = True) -> str:
    if not isinstance(value, str) or (required and not value.strip()):
        raise _fail("not_text", path)
    fault = text_fault(value, max_length=max_length, multiline=False)
    if fault:
        raise _fail(fault, path, n=max_length)
    return value


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise _fail("not_a_list", key)
    return value


def world_spec(data: Any, vocabulary: Vocabulary) -> dict[str, Any]:
    """The description `world_create` takes, from a world file's data, or the first broken rule."""
    data = _keys(data, "", TOP_KEYS, ("name", "slug", "kingdoms", "cities"))
    spec: dict[str, Any] = {"name": _name(data["name"], "name", 100), "slug": data["slug"]}
    if not isinstance(data["slug"], str) or not SLUG.match(data["slug"]):
        raise _fail("slug", "slug")
    counts_within(data, vocabulary.limits)  # (a file's were counted as it was read: a typed world's here)
    spec.update(_settings(data, vocabulary))
    cities = _list(data, "cities")
    spec["kingdoms"] = _kingdoms(_list(data, "kingdoms"))
    walls = {kind: spec.get(WALL_SETTING.get(kind, "frontier_wall"), 0) for kind in vocabulary.city_kinds}
    spec["cities"] = _cities(cities, {k["name"] for k in spec["kingdoms"]}, walls)
    _capitals(spec["kingdoms"], spec["cities"])
    spec["roads"] = _roads(_list(data, "roads"), spec["cities"])
    _reachable(spec)
    spec["officers"] = _officers(_list(data, "officers"), spec, vocabulary.officer_kinds)
    return spec


def _settings(data: dict[str, Any], vocabulary: Vocabulary) -> dict[str, Any]:
    """Every rule setting: the file's (top-level time zone and battle game, the others under
    `settings`), else the default; each of its type."""
    given = data.get("settings", {})
    if not isinstance(given, dict):
        raise _fail("not_a_mapping", "settings")
    out: dict[str, Any] = {}
    for key in given:
        if key not in vocabulary.settings or key in ("time_zone", "battle_game"):
            raise _fail("unknown_key", f"settings.{key}", key=key)
    for name, kind in vocabulary.settings.items():
        top = name in ("time_zone", "battle_game")
        path = name if top else f"settings.{name}"
        value = (data if top else given).get(name, vocabulary.defaults[name])
        if kind == "map":
            out[name] = tactics_map(value, path)
            continue
        if kind == "bool" and not isinstance(value, bool):
            raise _fail("not_bool", path)
        if kind in ("int", "small", "duration") and (type(value) is not int or not 0 <= value <= LIMITS[kind]):
            raise _fail("not_count", path, maximum=LIMITS[kind])
        if name in NOT_ZERO and value == 0:
            raise _fail(NOT_ZERO[name], path)
        if kind == "str" and not isinstance(value, str):
            raise _fail("not_text", path)
        out[name] = timedelta(seconds=value) if kind == "duration" else value
    if "time_zone" in out and not _zone_known(out["time_zone"]):
        raise _fail("time_zone", "time_zone", value=str(out.get("time_zone")))
    if "battle_game" in out and out["battle_game"] not in vocabulary.battle_games:
        raise _fail("battle_game", "battle_game", value=str(out.get("battle_game")), allowed=vocabulary.battle_games)
    return out


def tactics_map(value: Any, path: str) -> str:
    """The hero tactics map as the campaign keeps it: "" for classic-9 (the default, T3.12), a
    shipped map's name, or a drawing's rows one a line; a file writes a name or the rows as a list
    (or one text, a row a line). A drawing is checked against T3.11, its first fault named."""
    if isinstance(value, list) and all(isinstance(row, str) for row in value):
        value = "\n".join(value)
    if not isinstance(value, str):
        raise _fail("not_text", path)
    if len(value) > 4 * MAX_MAP_CHARACTERS:  # (before any work: a form or a file may send megabytes)
        raise _fail("tactics_map", path, fault="size")
    rows = map_rows(value)
    name = value.strip().lower() if len(rows) == 1 else ""
    named = name if name in MAPS else map_named(rows)
    if not rows or named:
        return "" if not rows or named == "classic-9" else named
    if name and not set(rows[0]) <= set(LETTERS):
        raise _fail("tactics_map", path, fault="name", name=value.strip(), names=tuple(MAPS))
    fault = map_fault(rows)
    if fault is not None:
        raise _fail("tactics_map", path, fault=fault[0], **fault[1])
    try:
        return map_write(map_read(value))
    except TacticsViolation as error:  # a constraint the engine holds that map_fault did not name
        raise _fail("tactics_map", path, fault="engine", message=error.message) from None


def tactics_map_plain(kept: str) -> str | list[str]:
    """The hero tactics map as a world file writes it: a shipped map's name, or the rows."""
    if kept in ("", *MAPS):
        return kept or "classic-9"
    return kept.splitlines()


def _zone_known(key: Any) -> bool:
    """An IANA zone this machine knows (``Asia/Taipei``); not a path, not empty."""
    try:
        return isinstance(key, str) and bool(key) and zoneinfo.ZoneInfo(key) is not None
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return False


def _named(items: list[dict[str, Any]], path: str) -> None:
    seen: set[str] = set()
    for i, item in enumerate(items):
        if item["name"] in seen:
            raise _fail("duplicate_name", f"{path}[{i}].name", name=item["name"])
        seen.add(item["name"])


def _kingdoms(items: list[Any]) -> list[dict[str, Any]]:
    out = []
    for i, item in enumerate(items):
        path = f"kingdoms[{i}]"
        k = _keys(item, path, KINGDOM_KEYS, ("name", "capital"))
        colour = k.get("colour", "#888888")
        if not isinstance(colour, str) or not COLOUR.match(colour):
            raise _fail("colour", f"{path}.colour")
        out.append({"name": _name(k["name"], f"{path}.name", 50), "colour": colour, "capital": k["capital"]})
    _named(out, "kingdoms")
    return out


def _cities(items: list[Any], kingdoms: set[str], walls: dict[str, int]) -> list[dict[str, Any]]:
    out = []
    for i, item in enumerate(items):
        path = f"cities[{i}]"
        c = _keys(item, path, CITY_KEYS, ("name", "kind"))
        city: dict[str, Any] = {"name": _name(c["name"], f"{path}.name", 50), "kind": c["kind"]}
        if not isinstance(c["kind"], str) or c["kind"] not in walls:
            raise _fail("city_kind", f"{path}.kind", value=str(c["kind"]), allowed=tuple(walls))
        if c.get("kingdom") is not None:
            if not isinstance(c["kingdom"], str) or c["kingdom"] not in kingdoms:
                raise _fail("unknown_kingdom", f"{path}.kingdom", name=str(c["kingdom"]))
            city["kingdom"] = c["kingdom"]
        if "wall" in c:
            if type(c["wall"]) is not int or c["wall"] < 0:
                raise _fail("not_count", f"{path}.wall", maximum=walls[c["kind"]])
            if c["wall"] > walls[c["kind"]]:
                raise _fail("wall", f"{path}.wall", wall=c["wall"], kind=c["kind"], maximum=walls[c["kind"]])
            city["wall"] = c["wall"]
        if ("x" in c) != ("y" in c):
            raise _fail("missing", f"{path}.{'y' if 'x' in c else 'x'}", key="y" if "x" in c else "x")
        for axis in ("x", "y"):
            if axis in c:
                if type(c[axis]) not in (int, float) or not -1e9 <= c[axis] <= 1e9:
                    raise _fail("not_number", f"{path}.{axis}")
                city[axis] = c[axis]
        out.append(city)
    _named(out, "cities")
    return out


def _capitals(kingdoms: list[dict[str, Any]], cities: list[dict[str, Any]]) -> None:
    owner = {c["name"]: c.get("kingdom") for c in cities}
    for i, k in enumerate(kingdoms):
        path = f"kingdoms[{i}].capital"
        if not isinstance(k["capital"], str) or k["capital"] not in owner:
            raise _fail("unknown_capital", path, name=str(k["capital"]))
        if owner[k["capital"]] != k["name"]:
            raise _fail("capital_owner", path, name=k["capital"], kingdom=k["name"], owner=owner[k["capital"]] or "-")


def _roads(items: list[Any], cities: list[dict[str, Any]]) -> list[tuple[str, str]]:
    names = {c["name"] for c in cities}
    seen: set[frozenset[str]] = set()
    out = []
    for i, road in enumerate(items):
        path = f"roads[{i}]"
        if not isinstance(road, list) or len(road) != 2:
            raise _fail("road_pair", path)
        for end, name in enumerate(road):
            if not isinstance(name, str) or name not in names:
                raise _fail("unknown_city", f"{path}[{end}]", name=str(name))
        if road[0] == road[1]:
            raise _fail("road_loop", path, name=road[0])
        if frozenset(road) in seen:
            raise _fail("road_twice", path, a=road[0], b=road[1])
        seen.add(frozenset(road))
        out.append((road[0], road[1]))
    return out


def _reachable(spec: dict[str, Any]) -> None:
    """R1.4: every city can be reached by road from some capital (else no army ever gets there)."""
    index = {c["name"]: i for i, c in enumerate(spec["cities"])}
    graph = adjacency((index[a], index[b]) for a, b in spec["roads"])
    reached = {index[k["capital"]] for k in spec["kingdoms"]}
    queue = deque(reached)
    while queue:
        for near in graph.get(queue.popleft(), ()):
            if near not in reached:
                reached.add(near)
                queue.append(near)
    for i, city in enumerate(spec["cities"]):
        if i not in reached:
            raise _fail("unreachable", f"cities[{i}]", city=city["name"])


def _officers(items: list[Any], spec: dict[str, Any], kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    owner = {c["name"]: c.get("kingdom") for c in spec["cities"]}
    kingdoms = set(owner.values())  # each owns its capital
    kings: set[str] = set()
    users: set[str] = set()
    governed: set[str] = set()
    out = []
    for i, item in enumerate(items):
        path = f"officers[{i}]"
        o = _keys(item, path, OFFICER_KEYS, ("user", "name", "kingdom", "stars", "kind", "city"))
        officer = _officer(o, path, owner, kingdoms, kinds)
        if officer["username"].casefold() in users:  # one account a name, whatever its case
            raise _fail("duplicate_user", f"{path}.user", name=officer["username"])
        users.add(officer["username"].casefold())
        if officer.get("governs") in governed:
            raise _fail("two_governors", f"{path}.governs", name=officer["governs"])
        governed.add(officer.get("governs", ""))
        if officer.get("king"):
            if officer["kingdom"] in kings:
                raise _fail("two_kings", f"{path}.king", kingdom=officer["kingdom"])
            kings.add(officer["kingdom"])
        out.append(officer)
    _named(out, "officers")
    twins = look_alike_pair(o["name"] for o in out)  # (R1.5: names people can tell apart)
    if twins is not None:
        i = next(i for i, o in enumerate(out) if o["name"] == twins[1])
        raise _fail("look_alike", f"officers[{i}].name", name=twins[1], other=twins[0])
    return out


def _officer_name(value: Any, path: str) -> str:
    """An officer's name as stored (NFKC: full width is the letters it is), in characters people see."""
    name = _name(normal_name(value) if isinstance(value, str) else value, path, 50)
    char = invisible_in(name)
    if char is not None:
        raise _fail("invisible", path, name=name, char=char)
    return name


def _officer(
    o: dict[str, Any], path: str, owner: dict[str, Any], kingdoms: set[Any], kinds: tuple[str, ...]
) -> dict[str, Any]:
    """One officer's entry: on a user (made without a password when new), in a city of their
    kingdom (R1.5), with what they hold (king, a governed city, boards to moderate)."""
    officer: dict[str, Any] = {
        "username": _text(o["user"], f"{path}.user", 150),
        "name": _officer_name(o["name"], f"{path}.name"),
    }
    if not USERNAME.match(officer["username"]):
        raise _fail("username", f"{path}.user", name=officer["username"])
    if not isinstance(o["kingdom"], str) or o["kingdom"] not in kingdoms:
        raise _fail("unknown_kingdom", f"{path}.kingdom", name=str(o["kingdom"]))
    officer["kingdom"] = o["kingdom"]
    if type(o["stars"]) is not int or not valid_stars(o["stars"]):
        raise _fail("stars", f"{path}.stars")
    officer["stars"] = o["stars"]
    if o["kind"] not in kinds:
        raise _fail("officer_kind", f"{path}.kind", value=str(o["kind"]), allowed=kinds)
    officer["kind"] = o["kind"]
    for key in ("city", "governs"):
        if key in o and (not isinstance(o[key], str) or owner.get(o[key], "") != o["kingdom"]):
            raise _fail("not_own_city", f"{path}.{key}", name=str(o[key]), kingdom=o["kingdom"])
    officer["city"] = o["city"]
    officer["title"] = _text(o.get("title", ""), f"{path}.title", 50, required=False)
    if "king" in o:
        if not isinstance(o["king"], bool):
            raise _fail("not_bool", f"{path}.king")
        officer["king"] = o["king"]
    if "governs" in o:
        officer["governs"] = o["governs"]
    if "moderates" in o:
        moderates = o["moderates"]
        if not isinstance(moderates, list):
            raise _fail("not_a_list", f"{path}.moderates")
        seen: set[str] = set()
        for j, name in enumerate(moderates):
            if not isinstance(name, str) or name not in owner:
                raise _fail("unknown_city", f"{path}.moderates[{j}]", name=str(name))
            if name in seen:
                raise _fail("duplicate_name", f"{path}.moderates[{j}]", name=name)
            seen.add(name)
        officer["moderates"] = list(moderates)
    return officer
