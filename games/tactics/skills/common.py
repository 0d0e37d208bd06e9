"""What the skills share: one use of a skill (`Use`), its targets, areas and damage, and the
terrain words 限定 and 無效 (T8.6)."""

from collections.abc import Callable
from dataclasses import dataclass, field

from games.tactics.board import diagonals, distance, neighbours
from games.tactics.damage import Hit, Outcome, resolve
from games.tactics.deaths import settle
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.heroes import Skill
from games.tactics.state import Game, Unit

WATER_ONLY = {"連環", "激流", "水攻", "水淹"}
NO_EFFECT_IN_FOREST = {"投石", "飛刀"}
BASE_MEMBERS = {"act", "side", "hero", "t", "note", "skill", "name"}
MEMBERS = {  # the members of a `skill` action besides skill and name (T18.2)
    **dict.fromkeys(("遼來", "迫降", "熊抱"), {"target", "cell"}),
    "仁德": {"target", "amount"},
    "天變": {"weather"},
    **dict.fromkeys(
        ("連環", "鳴動", "幻術", "奮發", "咆哮", "奸雄", "威風", "苦肉", "火箭", "襲擾", "連戰", "清心"), set()
    ),
}
TARGET_ONLY = {"target"}


def members(skill: str) -> set[str]:
    """The members a `skill` action of this skill takes besides the common ones (T18.2)."""
    return MEMBERS.get(skill, TARGET_ONLY)


@dataclass
class Use:
    """One use of an active skill: its user, the skill (a copy's is the copied one), the action."""

    game: Game
    user: Unit
    skill: Skill
    action: dict
    copied: bool = False
    outcome: Outcome = field(default_factory=Outcome)

    @property
    def side(self) -> str:
        return self.game.side_of(self.user)

    @property
    def here(self) -> str:
        assert self.user.cell is not None
        return self.user.cell

    def reach(self) -> tuple[int, int]:
        """The skill's range (T8.3); 改裝 widens only 馬鈞's own 投石 (D38)."""
        if self.skill.name == "投石" and not self.copied and self.user.has("改裝"):
            return (2, 6)
        return self.skill.reach or (0, 0)

    def in_reach(self, cell: str) -> bool:
        low, high = self.reach()
        return low <= distance(self.here, cell) <= high

    def target(self, kind: str = "enemy") -> Unit:
        """The hero at `target`: an enemy (or own) hero within range (T8.4, T8.3)."""
        unit = self.game.at(self.action.get("target", ""))
        if unit is None or (self.game.side_of(unit) == self.side) != (kind == "own"):
            if kind == "own":
                raise TacticsViolation(
                    "T8.4", gettext_noop("%(skill)s targets a hero of its side"), skill=self.skill.name
                )
            raise TacticsViolation("T8.4", gettext_noop("%(skill)s targets an enemy hero"), skill=self.skill.name)
        if not self.in_reach(self.action["target"]):
            raise TacticsViolation(
                "T8.3",
                gettext_noop("%(cell)s is out of %(skill)s's range"),
                cell=self.action["target"],
                skill=self.skill.name,
            )
        return unit

    def cell(self, member: str = "target") -> str:
        """A target cell within range (T8.3)."""
        cell = self.action.get(member)
        if not isinstance(cell, str):
            raise TacticsViolation(
                "T18.2", gettext_noop("%(skill)s needs `%(member)s`"), skill=self.skill.name, member=member
            )
        if not self.in_reach(cell):
            raise TacticsViolation(
                "T8.3", gettext_noop("%(cell)s is out of %(skill)s's range"), cell=cell, skill=self.skill.name
            )
        return cell

    def enemies_within(self) -> list[Unit]:
        """Every enemy hero within range (範圍內所有敵方角色, T8.3); none is a refusal (T8.4)."""
        found = [
            u for u in self.game.units if u.alive and self.game.side_of(u) != self.side and self.in_reach(u.cell or "")
        ]
        if not found:
            raise TacticsViolation(
                "T8.4", gettext_noop("no enemy hero is within %(skill)s's range"), skill=self.skill.name
            )
        return found

    def affected(self, unit: Unit) -> bool:
        """Whether the skill has effect on a hero where it stands (T8.6): 樹林無效, and 水神's
        山地無效 for the water skills."""
        assert unit.cell is not None
        terrain = self.game.board.terrain(unit.cell)
        if self.skill.name in NO_EFFECT_IN_FOREST and terrain == "forest":
            return False
        return not (self.skill.name in WATER_ONLY and self.converted() and terrain == "mountain")

    def converted(self) -> bool:
        """水神 turns this side's 水域限定 into 山地無效 (T14.4 07.1)."""
        return self.game.side_has(self.side, "水神")

    def hit(self, unit: Unit, parts: dict[str, int]) -> int:
        if not self.affected(unit):
            return 0
        return resolve(self.game, Hit(unit, parts, self.user, "skill", self.skill.name, self.side), self.outcome)

    def settle(self, after: Callable[[], None] | None = None) -> None:
        settle(self.game, self.outcome, after)


def plus(game: Game, cell: str) -> list[str]:
    """The cell and its 4 edge neighbours (T3.2)."""
    return [cell, *neighbours(game.board, cell)]


def square(game: Game, cell: str) -> list[str]:
    """The cell, its 4 edge and its 4 corner neighbours (水淹)."""
    return [cell, *neighbours(game.board, cell), *diagonals(game.board, cell)]


def in_area(game: Game, cells: list[str], keep: Callable[[Unit], bool]) -> list[Unit]:
    """The heroes in an area that it names, in roster order."""
    return [u for u in game.units if u.alive and u.cell in cells and keep(u)]
