"""Statuses and checks (docs/tactics.md T4.4–T4.6, §T10): who is immune, how long a status lasts,
and the next roll of the committed dice (T18.1)."""

from games.tactics.dice import roll
from games.tactics.state import Game, Unit

IMMUNITIES = {"闖蕩": {"slow", "root", "paralysis"}, "冷靜": {"confusion", "seal"}}


def immune(unit: Unit, status: str) -> bool:
    """An immune hero is not given the status at all (T4.6)."""
    return any(unit.has(skill) and status in kinds for skill, kinds in IMMUNITIES.items())


def inflict(unit: Unit, status: str, stacks: int = 1) -> None:
    """A status for one round (T4.5): until the end of the victim's next regular action turn that
    begins after now, and for the rest of its own turn if it is acting. Each slow stack lasts on
    its own; a status the hero already has lasts to the later end (docs/tactics.md, T4.5)."""
    if not unit.alive or immune(unit, status):
        return
    until = unit.turns + 1
    if status == "slow":
        unit.statuses += [("slow", until)] * stacks
        return
    unit.statuses = [(kind, end) for kind, end in unit.statuses if kind != status] + [(status, until)]


def expire(unit: Unit) -> None:
    """At the end of a regular action turn, the statuses whose round it was go (T5.2 step 6)."""
    unit.statuses = [(kind, end) for kind, end in unit.statuses if end > unit.turns]


def check(game: Game) -> int:
    """One check (檢定, T10.1): the next roll of the game's seed."""
    face = roll(game.seed, game.rolls)
    game.rolls += 1
    return face
