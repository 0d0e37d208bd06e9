"""The checks every active skill shares, in T18.3 step 7's order, the cost (T8.2), then the
skill's own checks and effect, and 內助 after it (T14.4 03.3)."""

from collections.abc import Callable

from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.skills import minds, moves, strikes, support
from games.tactics.skills.checks import check_shared
from games.tactics.skills.common import BASE_MEMBERS, Use, members
from games.tactics.skills.copies import copy_use
from games.tactics.state import Game, Unit

Handler = tuple[Callable[[Use], object], Callable[[Use], None]]
HANDLERS: dict[str, Handler] = {**strikes.HANDLERS, **support.HANDLERS, **moves.HANDLERS, **minds.HANDLERS}


def skill_form(unit: Unit, action: dict) -> None:
    """T18.3 check 1 for a `skill`: a skill number, the skill's name if given, and only the
    members that skill takes (a copy: `from`, `copy` and the copied skill's, checked later)."""
    number = action["skill"]
    if type(number) is not int or not 1 <= number <= 3:
        raise TacticsViolation("T18.2", gettext_noop("`skill` is a skill number from 1 to 3"))
    skill = unit.hero.skill(number)
    if "name" in action and action["name"] != skill.name:
        raise TacticsViolation(
            "T18.2",
            gettext_noop("skill %(number)s of %(hero)s is %(skill)s"),
            number=number,
            hero=unit.name,
            skill=skill.name,
        )
    copying = skill.name in ("奪權", "反計")
    allowed = {"from", "copy", "target", "cell", "weather", "amount"} if copying else members(skill.name)
    if set(action) - BASE_MEMBERS - allowed:
        raise TacticsViolation(
            "T18.2", gettext_noop("%(skill)s takes %(members)s"), skill=skill.name, members=sorted(allowed)
        )


def chosen_skill(game: Game, unit: Unit, action: dict) -> Use | None:
    """The activated skill the action names (T2.4, T8.1, T18.2)."""
    number = action["skill"]
    if number not in unit.skills:
        raise TacticsViolation("T2.4", gettext_noop("that skill is not activated"))
    skill = unit.hero.skill(number)
    if not skill.active or skill.name == "援護":
        raise TacticsViolation("T8.1", gettext_noop("%(skill)s is not used as a skill action"), skill=skill.name)
    return None if skill.name in ("奪權", "反計") else Use(game, unit, skill, action)


def check_use(game: Game, unit: Unit, action: dict) -> Use:
    """The use an action names, after the checks every skill shares and the skill's own: they
    only read the game (T18.3 step 7, up to the effect); or TacticsViolation."""
    use = chosen_skill(game, unit, action) or copy_use(game, unit, action)
    check_shared(use)
    HANDLERS[use.skill.name][0](use)
    return use


def use_skill(game: Game, unit: Unit, action: dict) -> None:
    """One use of an active skill, or TacticsViolation naming the first clause it breaks."""
    run_use(game, unit, check_use(game, unit, action))


def run_use(game: Game, unit: Unit, use: Use) -> None:
    """A checked use: the cost paid, the skill's effect, then 內助 (T14.4 03.3)."""
    unit.en -= use.skill.cost_en or 0
    unit.hp -= use.skill.cost_hp
    HANDLERS[use.skill.name][1](use)
    cost = use.skill.cost_en or 0
    if cost >= 3 and unit.alive and game.side_has(game.side_of(unit), "內助"):
        unit.en = min(unit.en_max, unit.en + (2 if cost >= 5 else 1))
