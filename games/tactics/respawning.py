"""A respawn's activations (docs/tactics.md T12.4, T2.4; T14.4 on 激勵, 慧眼, 繼志 and 昂揚): the
hero may change its skills and designations, and what the old ones gave ends while what the new
ones give begins. 貂蟬 and 劉備 designate again when they come back with 激勵 or 慧眼."""

from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.setup import check_activation
from games.tactics.state import Game, Unit

OWN_HP = ("青州", "激發", "改裝")


def _names(unit: Unit, skills: list[int]) -> set[str]:
    return {unit.hero.skill(n).name for n in skills}


def _keen_extra(game: Game, unit: Unit) -> int | None:
    """The extra skill a living 劉備 of its side gives this hero by 慧眼, if any."""
    for other in game.allies(unit.side):
        if other.has("慧眼") and (other.designate or {}).get("hero") == unit.name:
            return (other.designate or {}).get("extra")
    return None


def reactivate(game: Game, unit: Unit, action: dict) -> None:
    """Checks and applies the skills and designations of a respawn (T2.4), or refuses."""
    if unit.must_choose and "skills" not in action:
        raise TacticsViolation("T12.4", gettext_noop("a hero that lost its 慧眼 skill names its skills at its respawn"))
    extra = _keen_extra(game, unit)
    own = [n for n in unit.skills if n != extra] if extra is not None else list(unit.skills)
    skills, designate = action.get("skills", own), action.get("designate", unit.designate)
    check_activation(unit.hero, skills, designate, game.units, unit.side)
    if extra is not None and extra in skills:
        raise TacticsViolation("T2.4", gettext_noop("a hero's 慧眼 extra skill is one it has not activated"))
    before, after = _names(unit, unit.skills), _names(unit, skills)
    unit.hp_max += sum(n in after for n in OWN_HP) - sum(n in before for n in OWN_HP)
    if not ({"繼志", "昂揚"} & after):
        unit.hp_max, unit.en_max, unit.grown = unit.hp_max - unit.grown, unit.en_max - unit.grown, 0
    unit.skills = sorted([*skills, extra] if extra is not None else skills)
    unit.designate, unit.must_choose = designate, False
    _designate_again(game, unit, after)


def _designate_again(game: Game, unit: Unit, names: set[str]) -> None:
    """激勵's hero gets its +1s again; 慧眼's hero activates its extra skill (T14.4 04.2, 11.1)."""
    chosen = next((u for u in game.units if u.side == unit.side and u.name == (unit.designate or {}).get("hero")), None)
    if chosen is None:
        return
    if "激勵" in names:
        chosen.hp_max, chosen.en_max = chosen.hp_max + 1, chosen.en_max + 1
        if chosen.alive:
            chosen.hp, chosen.en = chosen.hp + 1, chosen.en + 1
    if "慧眼" in names:
        extra = (unit.designate or {}).get("extra")
        if not isinstance(extra, int) or extra in chosen.skills:
            raise TacticsViolation("T2.4", gettext_noop("慧眼's extra skill is one the hero has not activated"))
        chosen.skills = sorted([*chosen.skills, extra])
