"""The 27 heroes and their 81 skills (docs/tactics.md §T14), read from `data/heroes.json` (the
shared data file, copied verbatim) and checked at load against the counts of T14.1.

>>> hero = HEROES["張遼"]
>>> hero.mov, hero.hp, hero.en_max, hero.male
(4, 9, 4, True)
>>> [s.name for s in hero.skills], hero.skill(3).cost_en, hero.skill(3).reach
(['突襲', '堅守', '遼來'], 3, (0, 5))
"""

import json
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "heroes.json"
UNLIMITED = 10_000


@dataclass(frozen=True)
class Skill:
    id: str
    slot: int
    name: str
    """The Chinese name (技能n's name), as records write it (T18.2)."""
    kind: str
    """`active`, `passive` or `active+passive` (連環)."""
    cost_en: int | None
    """None for passives and for the copied cost "？" (奪權, 反計)."""
    cost_hp: int
    reach: tuple[int, int] | None
    """(min, max) distance (T8.3); (0, 0) for 自身; None where the text gives none."""
    conditions: tuple[str, ...]

    @property
    def active(self) -> bool:
        return self.kind != "passive"


@dataclass(frozen=True)
class Hero:
    n: int
    name: str
    english: str
    male: bool
    mov: int
    hp: int
    en_max: int
    skills: tuple[Skill, ...]

    def __deepcopy__(self, memo: dict) -> "Hero":
        return self  # immutable: a copied game shares it

    def skill(self, slot: int) -> Skill:
        return self.skills[slot - 1]


def _reach(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if value == "self":
        return (0, 0)
    if value == "unlimited":
        return (0, UNLIMITED)
    if isinstance(value, list):
        return (int(value[0]), int(value[1]))
    return (0, int(str(value)))


def _skill(raw: dict) -> Skill:
    cost = raw["cost_en"]
    return Skill(
        id=raw["id"],
        slot=raw["slot"],
        name=raw["zh"],
        kind=raw["kind"],
        cost_en=cost if isinstance(cost, int) else None,
        cost_hp=raw["cost_hp"],
        reach=_reach(raw["range"]),
        conditions=tuple(raw["conditions"]),
    )


def load(path: Path = DATA) -> dict[str, Hero]:
    """The heroes by Chinese name, checked against the file's own counts (T14.1)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    heroes = {
        raw["zh"]: Hero(
            n=raw["n"],
            name=raw["zh"],
            english=raw["en"],
            male=raw["gender"] == "M",
            mov=raw["mov"],
            hp=raw["hp"],
            en_max=raw["en_max"],
            skills=tuple(_skill(s) for s in raw["skills"]),
        )
        for raw in data["heroes"]
    }
    skills = [s for h in heroes.values() for s in h.skills]
    counts = data["counts"]
    found = {
        "heroes": len(heroes),
        "male": sum(h.male for h in heroes.values()),
        "skills": len(skills),
        "passive": sum(s.kind == "passive" for s in skills),
        "active": sum(s.kind == "active" for s in skills),
    }
    if any(found[key] != counts[key] for key in found) or any(len(h.skills) != 3 for h in heroes.values()):
        raise ValueError(f"the hero data does not add up (T14.1): {found} against {counts}")
    return heroes


HEROES = load()
