"""The normal attack (普攻, docs/tactics.md §T7): range, legal targets, the attacker's bonuses,
and its resolution in the order of T7.6 (EN first, then damage, then statuses and checks)."""

from games.tactics.board import distance, neighbours, same_line
from games.tactics.damage import Hit, Outcome, heal, lone_x, resolve
from games.tactics.deaths import check_end, encouraged, settle
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.state import Game, Unit
from games.tactics.statuses import check, immune, inflict

RANGE_SKILLS = {"飛將": 2, "錦帆": 1, "影襲": 1, "槍神": 1}
STRIKE_BY_CELL = {  # (skill, terrain the attacker stands on, aura of the side?) → strike bonus
    ("虎豹", "plain", True): 1,
    ("青州", "forest", True): 1,
    ("奇謀", "mountain", True): 1,
    ("神速", "plain", False): 1,
    ("影襲", "forest", False): 2,
    ("奇襲", "mountain", False): 2,
    ("奇襲", "forest", False): 1,
}


def roused(game: Game, unit: Unit) -> bool:
    """激發: another hero of 劉備's side, next to him (T14.4 11.2)."""
    assert unit.cell is not None
    side = game.side_of(unit)
    return any(
        u is not unit and u.has("激發") and u.cell in neighbours(game.board, unit.cell) for u in game.allies(side)
    )


def attack_range(game: Game, unit: Unit) -> int:
    """1 plus every bonus that applies (T7.2)."""
    assert unit.cell is not None
    reach = 1 + (game.board.terrain(unit.cell) == "mountain")
    reach += sum(bonus for skill, bonus in RANGE_SKILLS.items() if unit.has(skill))
    reach += (encouraged(game, unit) is not None) + roused(game, unit)
    return reach + ("火箭" in unit.pending) + ("遁形" in unit.pending)


def may_attack_from_water(game: Game, unit: Unit) -> bool:
    return unit.has("錦帆") or game.side_has(game.side_of(unit), "水神")


def target_fault(game: Game, unit: Unit, cell: str) -> TacticsViolation | None:
    """Why `cell` is not a legal target of the unit's normal attack (T7.1, T7.2, T3.8), or None."""
    assert unit.cell is not None
    side = game.side_of(unit)
    other = game.at(cell)
    if cell != game.board.base(game.other(side)) and (other is None or game.side_of(other) == side):
        return TacticsViolation("T7.1", gettext_noop("a normal attack targets an enemy hero or the enemy base"))
    if distance(unit.cell, cell) > attack_range(game, unit):
        return TacticsViolation("T7.2", gettext_noop("%(cell)s is out of the attack's range"), cell=cell)
    forest = other is not None and game.board.terrain(cell) == "forest"
    if forest and distance(unit.cell, cell) > 1 and not unit.has("飛將"):
        return TacticsViolation("T3.8", gettext_noop("a hero in a forest can be attacked only from a cell next to it"))
    return None


def check_attack(game: Game, unit: Unit, target: str, second: str | None) -> None:
    """The checks of T18.3 step 6, or TacticsViolation naming the first broken."""
    assert unit.cell is not None
    if unit.has_status("confusion") or unit.has_status("paralysis"):
        raise TacticsViolation("T4.4", gettext_noop("a confused or paralysed hero cannot attack"))
    if unit.attacks < 1:
        raise TacticsViolation("T5.2", gettext_noop("no normal attack is left this turn"))
    if game.board.terrain(unit.cell) == "water" and not may_attack_from_water(game, unit):
        raise TacticsViolation("T3.7", gettext_noop("a hero standing in water cannot attack"))
    if fault := target_fault(game, unit, target):
        raise fault
    if second is not None:
        base = game.board.base(game.other(game.side_of(unit)))
        if not unit.has("無雙") or base in (target, second) or second == target or target_fault(game, unit, second):
            raise TacticsViolation("T14.4", gettext_noop("無雙's second target is another enemy hero within reach"))


def strike_bonus(game: Game, unit: Unit, target: Unit) -> int:
    """The attacker's strike bonuses against one target (T7.3)."""
    assert unit.cell is not None and target.cell is not None
    terrain, side = game.board.terrain(unit.cell), game.side_of(unit)
    bonus = sum(
        value
        for (skill, where, aura), value in STRIKE_BY_CELL.items()
        if where == terrain and (game.side_has(side, skill) if aura else unit.has(skill))
    )
    bonus += unit.has("無雙") + roused(game, unit) + ("遁形" in unit.pending)
    bonus += 2 * (unit.has("斗神") and unit.hp <= 5) + (unit.has("獨狼") and alone(game, unit))
    bonus += lone_x(game, unit) if unit.has("孤膽") else 0
    if unit.has("槍神") and same_line(unit.cell, target.cell):
        bonus += distance(unit.cell, target.cell) - 1
    if unit.has("錦帆"):
        water_near = any(game.board.terrain(c) == "water" for c in neighbours(game.board, unit.cell))
        bonus += 2 if terrain == "water" else int(water_near)
    return bonus


def alone(game: Game, unit: Unit) -> bool:
    """獨狼: no other hero of the side within 2 (T14.4 22.3)."""
    assert unit.cell is not None
    return not any(
        u is not unit and u.cell and distance(u.cell, unit.cell) <= 2 for u in game.allies(game.side_of(unit))
    )


def parts(game: Game, unit: Unit, target: Unit) -> dict[str, int]:
    """One target's damage event: 1 strike plus bonuses, 水神's water, 火箭's fire (T7.3)."""
    assert unit.cell is not None
    in_water = game.board.terrain(unit.cell) == "water"
    water = int(in_water and game.side_has(game.side_of(unit), "水神"))
    return {"strike": 1 + strike_bonus(game, unit, target), "water": water, "fire": 2 * ("火箭" in unit.pending)}


def targets(game: Game, unit: Unit, target: str, second: str | None) -> list[Unit]:
    """The heroes attacked, in roster order: one, 無雙's two, or 奮發's every legal one (T7.5)."""
    if "奮發" in unit.pending and target != game.board.base(game.other(game.side_of(unit))):
        chosen = [u for u in game.units if u.alive and u.cell and target_fault(game, unit, u.cell) is None]
    else:
        chosen = [u for u in (game.at(target), game.at(second) if second else None) if u is not None]
    return [u for u in game.units if u in chosen]


def _after(game: Game, unit: Unit, hit: list[Unit]) -> None:
    """After the damage, for each target still on the board: 突襲's slow, 恐怖's check (T7.6)."""
    for target in hit:
        if not target.alive:
            continue
        if unit.has("突襲"):
            inflict(target, "slow")
        if unit.has("恐怖") and not (immune(target, "paralysis") and immune(target, "root")):
            inflict(target, "paralysis" if check(game) <= 3 else "root")


def attack(game: Game, unit: Unit, target: str, second: str | None = None, covered: dict | None = None) -> None:
    """A checked normal attack (T7.4–T7.7): EN reductions, one damage event per hero in roster
    order, the attacker's own effects once, statuses and checks, then the end of the action.
    `covered` maps an attacked ally to the 趙雲 who takes the attack instead (援護)."""
    side, hit = game.side_of(unit), targets(game, unit, target, second)
    hit = [(covered or {}).get(id(t), t) for t in hit]
    lone = unit.has("獨狼") and alone(game, unit)
    events = [(t, parts(game, unit, t)) for t in hit]
    unit.attacks, unit.attacked = unit.attacks - 1, True
    for t in hit:
        t.en = max(0, t.en - unit.has("突襲") - 2 * ("襲擾" in unit.pending))
    unit.pending -= {"火箭", "遁形", "奮發", "襲擾"}
    outcome = Outcome()
    for t, event in events:
        resolve(game, Hit(t, event, unit, "attack", "", side), outcome)
    if unit.has("偷渡"):
        unit.en = min(unit.en_max, unit.en + 1)
    if lone:
        heal(unit, 1)
    if not hit:
        base = game.other(side)
        game.bases[base] = max(0, game.bases[base] - game.settings.base_loss_attack)
        check_end(game)
        return
    settle(game, outcome, lambda: _after(game, unit, hit))
