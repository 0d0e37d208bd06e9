"""Damage and healing (docs/tactics.md §T9): one damage event resolved in the order of T9.3,
healing (T9.5) and HP loss that is not damage (T9.6)."""

from dataclasses import dataclass, field

from games.tactics.board import distance, neighbours
from games.tactics.state import Game, Unit
from games.tactics.statuses import check

TYPES = ("strike", "fire", "water", "unavoidable")


@dataclass
class Hit:
    """One damage event (T9.2) on one hero: its parts by type, and where it came from."""

    target: Unit
    parts: dict[str, int]
    source: Unit | None = None
    by: str = "skill"
    """`attack` (a normal attack), `skill` (an active skill), `passive` or `array`."""
    skill: str = ""
    side: str = ""
    """The side the damage comes from (the source's side, or 貂蟬's in a 迷魂 turn)."""


@dataclass
class Outcome:
    """What an action's events left to settle at its end (T9.4)."""

    killers: dict[int, Unit | None] = field(default_factory=dict)
    reflections: list[Hit] = field(default_factory=list)


def lone_x(game: Game, unit: Unit) -> int:
    """孤膽's X: enemy heroes within 2 minus own other heroes within 2, at least 0 (T14.4, D48)."""
    assert unit.cell is not None
    near = [u for u in game.units if u.alive and u is not unit and _within(u, unit.cell, 2)]
    side = game.side_of(unit)
    return max(0, sum(game.side_of(u) != side for u in near) - sum(game.side_of(u) == side for u in near))


def _within(unit: Unit, cell: str, reach: int) -> bool:
    return unit.cell is not None and distance(unit.cell, cell) <= reach


def _shape(game: Game, hit: Hit) -> dict[str, int]:
    """Steps 2–7 of T9.3: weather, terrain, the target's increases and reductions, 孤膽."""
    target, parts = hit.target, {t: hit.parts.get(t, 0) for t in TYPES}
    assert target.cell is not None
    terrain = game.board.terrain(target.cell)
    if game.weather == "sunny" and parts["fire"]:
        parts["fire"] += 1
    if game.weather == "rain" and parts["water"]:
        parts["water"] += 1
    if terrain == "water" and not game.side_has(hit.side, "連環"):
        parts["fire"] = 0
    if parts["fire"] > 0:
        parts["fire"] += 2 * target.has("藤甲") + (terrain == "forest" and game.side_has(hit.side, "火神"))
    if target.has("藤甲"):
        parts["strike"] -= 2
    if target.has("堅守"):
        parts["strike"] -= 2 if game.board.base(target.side) in neighbours(game.board, target.cell) else 1
    if target.has("漂浮"):
        parts["water"] = 0
    if target.has("身膽") and target.hp <= 4 and hit.by == "attack":
        parts["strike"] = 0
    parts = {t: max(0, v) for t, v in parts.items()}
    if target.has("孤膽"):
        cut = lone_x(game, target)
        for kind in ("strike", "fire", "water"):
            taken = min(cut, parts[kind])
            parts[kind], cut = parts[kind] - taken, cut - taken
    return parts


def resolve(game: Game, hit: Hit, outcome: Outcome) -> int:
    """One damage event (T9.3); returns the total T it dealt (0: no damage)."""
    target = hit.target
    if not target.alive:
        return 0
    parts = _shape(game, hit)
    avoidable = parts["strike"] + parts["fire"] + parts["water"]
    if target.has("閉月") and avoidable > 0 and check(game) >= 3:
        avoidable = 0
    total = avoidable + parts["unavoidable"]
    if total == 0:
        return 0
    absorbed = min(target.en, total) if target.has("穩固") else 0
    target.en -= absorbed
    target.hp = max(0, target.hp - (total - absorbed))
    if target.hp == 0:
        outcome.killers.setdefault(id(target), hit.source if hit.by in ("attack", "skill") else None)
    reflect = target.has("隱忍") and hit.source is not None and hit.source is not target
    if reflect and hit.by in ("attack", "skill") and hit.skill != "八陣":
        assert hit.source is not None
        amount = 1 if hit.by == "attack" else 2
        outcome.reflections.append(Hit(hit.source, {"unavoidable": amount}, target, "passive", "隱忍", target.side))
    return total


def heal(unit: Unit, amount: int) -> None:
    """Healing (T9.5): never above max, never the dead."""
    if unit.alive:
        unit.hp = min(unit.hp_max, unit.hp + amount)


def lose_hp(game: Game, unit: Unit, amount: int, outcome: Outcome) -> None:
    """HP loss that is not damage (T9.6): never reduced, absorbed or reflected."""
    unit.hp = max(0, unit.hp - amount)
    if unit.hp == 0 and unit.alive:
        outcome.killers.setdefault(id(unit), None)
