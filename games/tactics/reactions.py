"""援護 (docs/tactics.md T14.4 25.3, D42), the only reaction, and 慧眼's removal (`drop`) when 劉備
dies: the two actions a record writes outside the acting hero's own choices (T18.2)."""

from games.tactics.board import neighbours
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.state import Game, Unit


def cover(game: Game, attacker: Unit, attacked: list[Unit], guard: Unit, action: dict, pay: bool = True) -> Unit:
    """Checks a `react` (T18.3 step 7 for 援護) and pays its 1 EN (unless `pay` is false: a look
    at what could be done); returns the ally it covers."""
    number = action["skill"]
    if type(number) is not int or number not in guard.skills:
        raise TacticsViolation("T2.4", gettext_noop("that skill is not activated"))
    skill = guard.hero.skill(number)
    if skill.name != "援護" or action.get("name", skill.name) != skill.name:
        raise TacticsViolation("T8.1", gettext_noop("援護 is the only reaction"))
    if guard.has_status("confusion") or guard.has_status("seal"):
        raise TacticsViolation("T4.4", gettext_noop("a confused or sealed hero uses no skill"))
    if guard.en < (skill.cost_en or 0):
        raise TacticsViolation("T8.2", gettext_noop("援護 costs 1 EN"))
    ally = game.at(action["target"])
    assert guard.cell is not None
    if (
        ally is None
        or ally is guard
        or ally not in attacked
        or game.side_of(guard) == game.side_of(attacker)
        or ally.side != guard.side
        or ally.cell not in neighbours(game.board, guard.cell)
    ):
        raise TacticsViolation(
            "T14.4", gettext_noop("援護 covers another hero of its side, next to 趙雲, that the attack targets")
        )
    if pay:
        guard.en -= skill.cost_en or 0
    return ally


def open_drop(game: Game, benefactor: Unit) -> None:
    """劉備 died with 慧眼: his designated hero removes one activated skill now, or at its next
    respawn if it is dead (T14.4 11.1, D33)."""
    chosen = next(
        (u for u in game.units if u.side == benefactor.side and u.name == (benefactor.designate or {}).get("hero")),
        None,
    )
    if chosen is None or len(chosen.skills) <= 2:
        return
    if chosen.alive:
        game.drops.append((chosen.side, chosen.name))
    else:
        chosen.must_choose = True


def drop(game: Game, unit: Unit, action: dict) -> None:
    """The designated hero's `drop`: one of its activated skills goes, with its effects (T4.2)."""
    if not game.drops or game.drops[0] != (unit.side, unit.name):
        raise TacticsViolation("T14.4", gettext_noop("no removal is open for that hero"))
    number = action["skill"]
    if type(number) is not int or number not in unit.skills:
        raise TacticsViolation("T14.4", gettext_noop("the hero removes one of its activated skills"))
    game.drops.pop(0)
    unit.skills.remove(number)
    if unit.hero.skill(number).name in ("青州", "激發", "改裝"):
        unit.hp_max -= 1
        unit.hp = max(0, min(unit.hp, unit.hp_max))
