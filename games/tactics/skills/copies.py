"""奪權 and 反計 (docs/tactics.md T14.4 23.3, 24.1, D41): the copy of an activated active skill of
an edge-adjacent hero (own for 奪權, enemy for 反計), used as the copier's own skill."""

from games.tactics.board import neighbours
from games.tactics.errors import TacticsViolation
from games.tactics.skills.common import BASE_MEMBERS, Use, members
from games.tactics.state import Game, Unit

NOT_COPIED = {"奪權", "反計", "援護"}


def copy_use(game: Game, unit: Unit, action: dict) -> Use:
    """The copied skill's use, measured from the copier, paid by him; or TacticsViolation."""
    name = unit.hero.skill(action["skill"]).name
    if not {"from", "copy"} <= set(action):
        raise TacticsViolation("T18.2", f"{name} names the hero it copies (`from`) and the skill (`copy`)")
    if unit.has_status("confusion") or unit.has_status("seal"):
        raise TacticsViolation("T4.4", "a confused or sealed hero uses no skill")
    owner = game.at(action["from"])
    own = name == "奪權"
    assert unit.cell is not None
    if (
        owner is None
        or owner is unit
        or action["from"] not in neighbours(game.board, unit.cell)
        or (game.side_of(owner) == game.side_of(unit)) != own
    ):
        raise TacticsViolation("T14.4", f"{name} copies a hero of {'its own' if own else 'the enemy'} side next to it")
    number = action["copy"]
    if type(number) is not int or number not in owner.skills:
        raise TacticsViolation("T14.4", f"{name} copies one of that hero's activated skills")
    skill = owner.hero.skill(number)
    if not skill.active or skill.name in NOT_COPIED:
        raise TacticsViolation("T14.4", f"{name} copies an active skill other than 奪權, 反計 and 援護")
    if set(action) - BASE_MEMBERS - {"from", "copy"} - members(skill.name):
        raise TacticsViolation("T18.2", f"a copy of {skill.name} takes {sorted(members(skill.name))}")
    return Use(game, unit, skill, action, copied=True)
