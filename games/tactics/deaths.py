"""The end of an action (docs/tactics.md T9.4): 斗神's checks, deaths and what they set off
(T12.1–T12.3: the base's loss, 繼志, 昂揚, the end of 激勵), reflected damage (隱忍), and the
game's end when a base falls (T13.1, T13.2)."""

from collections.abc import Callable

from games.tactics.damage import Outcome, resolve
from games.tactics.reactions import open_drop
from games.tactics.state import Game, Unit
from games.tactics.statuses import check


def grow(unit: Unit) -> None:
    """繼志 and 昂揚's gains: max HP +1, HP +2, max EN +1, EN +2 (T14.4, D47)."""
    unit.hp_max, unit.en_max, unit.grown = unit.hp_max + 1, unit.en_max + 1, unit.grown + 1
    unit.hp = min(unit.hp_max, unit.hp + 2)
    unit.en = min(unit.en_max, unit.en + 2)


def encouraged(game: Game, unit: Unit) -> Unit | None:
    """The 貂蟬 of the hero's side whose 激勵 designates it, alive (T14.4 04.2)."""
    for other in game.allies(unit.side):
        if other.has("激勵") and (other.designate or {}).get("hero") == unit.name:
            return other
    return None


def _end_encouragement(game: Game, source: Unit, outcome: Outcome) -> None:
    """貂蟬 dies: her designated hero loses the bonuses (T4.2, D32), which may kill him."""
    target = next(
        (u for u in game.units if u.side == source.side and u.name == (source.designate or {}).get("hero")), None
    )
    if target is None:
        return
    target.hp_max -= 1
    target.en_max -= 1
    target.en = max(0, min(target.en - 1, target.en_max))
    if target.alive:
        target.hp = max(0, target.hp - 1)
        if target.hp == 0:
            outcome.killers.setdefault(id(target), None)


def die(game: Game, unit: Unit, killer: Unit | None, outcome: Outcome) -> None:
    """A death (T12.1) and its consequences (T12.2, T12.3, 繼志, 昂揚, 激勵)."""
    encouraging, keen = unit.has("激勵"), unit.has("慧眼")
    heirs = [u for u in game.allies(unit.side) if u is not unit and u.has("繼志")]
    unit.cell, unit.statuses, unit.pending, unit.en = None, [], set(), 0
    game.bases[unit.side] = max(0, game.bases[unit.side] - game.settings.base_loss_death)
    for heir in heirs:
        grow(heir)
    if killer is not None and killer.has("昂揚") and killer.side != unit.side:
        grow(killer)
    if encouraging:
        _end_encouragement(game, unit, outcome)
    if keen:
        open_drop(game, unit)


def deaths(game: Game, outcome: Outcome) -> None:
    """T9.4 steps 1–2, again while removed bonuses bring heroes to 0 (T18.1 step 4)."""
    while zero := [u for u in game.units if u.alive and u.hp == 0]:
        for unit in zero:
            if unit.has("斗神") and check(game) >= 4:
                unit.hp = 1
        for unit in [u for u in zero if u.hp == 0]:
            die(game, unit, outcome.killers.pop(id(unit), None), outcome)


def check_end(game: Game) -> None:
    """A base at 0 loses at once; both at once draw (T13.1, T13.2)."""
    if game.result is not None:
        return
    fallen = [side for side in ("first", "second") if game.bases[side] == 0]
    if len(fallen) == 2:
        game.result = {"outcome": "draw", "reason": "bases"}
    elif fallen:
        game.result = {"outcome": game.other(fallen[0]), "reason": "base"}


def settle(game: Game, outcome: Outcome, after: Callable[[], None] | None = None) -> None:
    """The end of an action in T18.1's order: 斗神 and deaths, the checks that need a live
    target (`after`), reflected damage and its deaths, then the game's end."""
    deaths(game, outcome)
    if after is not None:
        after()
    while outcome.reflections:
        pending, outcome.reflections = outcome.reflections, []
        for hit in pending:
            resolve(game, hit, outcome)
        deaths(game, outcome)
    check_end(game)
