"""奪權 and 反計 (docs/tactics.md T14.4 23.3, 24.1, D41): the copy of an activated active skill of
an edge-adjacent hero (own for 奪權, enemy for 反計), used as the copier's own skill."""

from games.tactics.board import neighbours
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.skills.common import BASE_MEMBERS, Use, members
from games.tactics.state import Game, Unit

NOT_COPIED = {"奪權", "反計", "援護"}


def copy_use(game: Game, unit: Unit, action: dict) -> Use:
    """The copied skill's use, measured from the copier, paid by him; or TacticsViolation."""
    name = unit.hero.skill(action["skill"]).name
    if not {"from", "copy"} <= set(action):
        raise TacticsViolation(
            "T18.2", gettext_noop("%(skill)s names the hero it copies (`from`) and the skill (`copy`)"), skill=name
        )
    if unit.has_status("confusion") or unit.has_status("seal"):
        raise TacticsViolation("T4.4", gettext_noop("a confused or sealed hero uses no skill"))
    owner = game.at(action["from"])
    own = name == "奪權"
    assert unit.cell is not None
    if (
        owner is None
        or owner is unit
        or action["from"] not in neighbours(game.board, unit.cell)
        or (game.side_of(owner) == game.side_of(unit)) != own
    ):
        if own:
            raise TacticsViolation("T14.4", gettext_noop("%(skill)s copies a hero of its side next to it"), skill=name)
        raise TacticsViolation("T14.4", gettext_noop("%(skill)s copies an enemy hero next to it"), skill=name)
    number = action["copy"]
    if type(number) is not int or number not in owner.skills:
        raise TacticsViolation(
            "T14.4", gettext_noop("%(skill)s copies one of that hero's activated skills"), skill=name
        )
    skill = owner.hero.skill(number)
    if not skill.active or skill.name in NOT_COPIED:
        raise TacticsViolation(
            "T14.4", gettext_noop("%(skill)s copies an active skill other than 奪權, 反計 and 援護"), skill=name
        )
    if set(action) - BASE_MEMBERS - {"from", "copy"} - members(skill.name):
        raise TacticsViolation(
            "T18.2",
            gettext_noop("a copy of %(skill)s takes %(members)s"),
            skill=skill.name,
            members=sorted(members(skill.name)),
        )
    return Use(game, unit, skill, action, copied=True)
