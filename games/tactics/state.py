"""The state of a hero tactics game (docs/tactics.md): settings (§T15), the heroes on the board
(§T4), the round, phase and turn (§T5), the bases (T12.5), the stone arrays (T8.8), the dice
counter (T18.1), and the final state as T18.4 prints it."""

import copy
from dataclasses import dataclass, field
from typing import Any

from games.tactics.board import Board, cell_xy
from games.tactics.heroes import Hero, Skill

STATUS_ORDER = ("confusion", "root", "paralysis", "seal")
PENDING_ORDER = ("火箭", "遁形", "奮發", "襲擾")
WEATHER_TABLE = ["sunny", "sunny", "overcast", "overcast", "rain", "rain"]


@dataclass
class Settings:
    """The per-game settings of §T15, by their record keys (T18.2)."""

    heroes_per_side: int = 3
    duplicates_across_sides: bool = True
    picks: str = "secret"
    mountain_cost: int = 2
    en_regain: int = 2
    respawn_en: int = 1
    base_first: int | None = None
    base_second: int | None = None
    base_loss_attack: int = 1
    base_loss_death: int = 3
    weather_table: list[str] = field(default_factory=lambda: list(WEATHER_TABLE))
    round_limit: int = 30
    clock: dict | None = None
    free_phases: dict | None = None

    def base_max(self, side: str) -> int:
        """3N+1 for 先手, 3N+3 for 後手 (T12.5), unless set."""
        own = self.base_first if side == "first" else self.base_second
        return own if own is not None else 3 * self.heroes_per_side + (1 if side == "first" else 3)


@dataclass
class Unit:
    """One hero of one side, on the board (`cell`) or dead (`cell` None)."""

    side: str
    hero: Hero
    skills: list[int]
    """The activated skill numbers (T2.4), a 慧眼 extra included."""
    cell: str | None
    hp: int
    hp_max: int
    en: int
    en_max: int
    designate: dict | None = None
    statuses: list[tuple[str, int]] = field(default_factory=list)
    """(status, the regular turn number at whose end it goes, T4.5); one entry per slow stack."""
    pending: set[str] = field(default_factory=set)
    turns: int = 0
    """Regular action turns begun (T4.5 counts them)."""
    acted: bool = False
    moved: bool = False
    attacks: int = 0
    """Normal attacks left in the turn in progress (one, plus 連戰's)."""
    attacked: bool = False
    grown: int = 0
    """The max HP and max EN that 繼志 and 昂揚 have added (lost with the skill, T14.4)."""
    must_choose: bool = False
    """It lost a 慧眼 extra skill while dead: its respawn names its skills (T18.3)."""

    @property
    def name(self) -> str:
        return self.hero.name

    @property
    def alive(self) -> bool:
        return self.cell is not None

    def active_skills(self) -> list[Skill]:
        return [self.hero.skill(n) for n in self.skills]

    def has(self, skill: str) -> bool:
        """The hero is on the board and has this skill activated (D27)."""
        if self.cell is None:
            return False
        own = self.hero.skills
        return any(own[n - 1].name == skill for n in self.skills)

    def has_status(self, status: str) -> bool:
        return any(kind == status for kind, _ in self.statuses)

    def slow(self) -> int:
        return sum(kind == "slow" for kind, _ in self.statuses)


@dataclass
class Game:
    """A game in progress: everything the rules and the replay need."""

    board: Board
    settings: Settings
    seed: str
    units: list[Unit]
    bases: dict[str, int]
    round: int = 1
    weather: str | None = "sunny"
    """None only before round 1, in free movement phases (T5.6)."""
    free_left: int = 0
    """Free movement phases still to close before round 1 (T5.6)."""
    phase: str | None = "first"
    turn: tuple[str, str, bool] | None = None
    """(side, hero, extra) of the action turn in progress."""
    rolls: int = 0
    arrays: dict[str, str] = field(default_factory=dict)
    result: dict | None = None
    charmed: tuple[str, str, str] | None = None
    """(side, hero, 貂蟬's side) of the hero in a 迷魂 extra turn."""
    resume: tuple[str, str, bool] | None = None
    """貂蟬's turn, to go on with when the 迷魂 extra turn ends."""
    drops: list[tuple[str, str]] = field(default_factory=list)
    """Heroes that must remove a skill (`drop`) because their 劉備 died (T14.4 11.1)."""
    due: str | None = None
    """`respawn` when the hero whose turn began is dead and a spawn point is free (T12.4);
    `round-limit` when round R has ended (T13.3)."""

    def unit(self, side: str, hero: str) -> Unit:
        return next(u for u in self.units if u.side == side and u.name == hero)

    def at(self, cell: str) -> Unit | None:
        return next((u for u in self.units if u.cell == cell), None)

    def current(self) -> Unit | None:
        return self.unit(self.turn[0], self.turn[1]) if self.turn else None

    def enemies(self, side: str) -> list[Unit]:
        """The heroes on the board acting against that side (a bewitched hero with 貂蟬's)."""
        return [u for u in self.units if u.alive and self.side_of(u) != side]

    def allies(self, side: str) -> list[Unit]:
        """The heroes on the board acting for that side (a bewitched hero for 貂蟬's, T14.4)."""
        return [u for u in self.units if u.alive and self.side_of(u) == side]

    def side_has(self, side: str, skill: str) -> bool:
        """A hero of the side, alive, has this skill activated: a side's aura (D27)."""
        return any(u.has(skill) for u in self.allies(side))

    def other(self, side: str) -> str:
        return "second" if side == "first" else "first"

    def side_of(self, unit: Unit) -> str:
        """The side a hero acts for: its own, or 貂蟬's in a 迷魂 extra turn (T14.4 04.1)."""
        if self.charmed is not None and self.charmed[:2] == (unit.side, unit.name):
            return self.charmed[2]
        return unit.side

    def mov_of(self, unit: Unit) -> int:
        """MOV with its lasting bonuses, before slow (T4.1, 飛將, 改裝, 激勵, 虎豹)."""
        bonus = unit.has("飛將") + unit.has("改裝") + self.side_has(self.side_of(unit), "虎豹")
        bonus += any(u.has("激勵") and (u.designate or {}).get("hero") == unit.name for u in self.allies(unit.side))
        return unit.hero.mov + bonus

    def clone(self) -> "Game":
        """A copy sharing nothing that an action may change: what `copy.deepcopy` gives, made
        for the engine's own state (lists, dicts, sets, tuples and dataclasses of them; the
        immutable board and heroes shared), many times faster (the legal actions and every
        action played try it on a copy)."""
        copied: Game = _copied(self)
        return copied


SHARED = {str, int, float, bool, type(None), Board, Hero, Skill}


def _copied(value: Any) -> Any:
    """One value of the state copied: containers and dataclasses member by member (a value of a
    shared type kept as it is, without a call: this runs for every candidate action)."""
    kind = type(value)
    if kind in SHARED:
        return value
    if kind is list:
        return [item if type(item) in SHARED else _copied(item) for item in value]
    if kind is tuple:
        return value if all(type(item) in SHARED for item in value) else tuple(_copied(item) for item in value)
    if kind is dict:
        return {key: item if type(item) in SHARED else _copied(item) for key, item in value.items()}
    if kind is set:
        return set(value)  # of hashable, immutable members
    if hasattr(kind, "__dataclass_fields__"):
        made = object.__new__(kind)
        made.__dict__.update(_copied(value.__dict__))
        return made
    return copy.deepcopy(value)


def unit_json(game: Game, unit: Unit) -> dict:
    statuses = [s for s in STATUS_ORDER if unit.has_status(s)] + ["slow"] * unit.slow()
    return {
        "side": unit.side,
        "hero": unit.name,
        "cell": unit.cell,
        "hp": unit.hp if unit.alive else 0,
        "hp_max": unit.hp_max,
        "en": unit.en if unit.alive else 0,
        "en_max": unit.en_max,
        "mov": game.mov_of(unit),
        "skills": sorted(unit.skills),
        "statuses": statuses if unit.alive else [],
        "pending": [p for p in PENDING_ORDER if p in unit.pending] if unit.alive else [],
        "acted": unit.acted,
    }


def final_state(game: Game) -> dict:
    """The final state of T18.4, as one JSON-ready object."""
    ended = game.result is not None
    turn = None if ended or game.turn is None else dict(zip(("side", "hero", "extra"), game.turn, strict=True))
    arrays = sorted(game.arrays.items(), key=lambda item: (cell_xy(item[0])[1], cell_xy(item[0])[0]))
    return {
        "round": game.round,
        "weather": game.weather,
        "phase": None if ended else game.phase,
        "turn": turn,
        "rolls": game.rolls,
        "bases": dict(game.bases),
        "heroes": [unit_json(game, u) for u in game.units],
        "arrays": [{"cell": cell, "side": side} for cell, side in arrays],
        "result": game.result,
    }
