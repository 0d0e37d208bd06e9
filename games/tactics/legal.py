"""The legal actions of a position (docs/tactics.md T18.3): what the pages highlight and what a
bot chooses from. Each candidate is tried on a copy of the game by the same `apply` that a
replay uses, so the list and the refusals can never disagree; first the checks `apply` makes
before it changes anything (`check_action`, which only read) weed out on the game itself the
many candidates they refuse, so that only those they pass are copied and applied.

>>> from games.tactics.setup import start
>>> record = {"format": "sanguo-tactics/1", "settings": {"heroes_per_side": 1}, "map": "classic-9",
...     "seed": "0" * 64, "actions": [], "sides": {
...     "first": {"heroes": [{"hero": "張遼", "skills": [1, 3], "cell": "d1"}]},
...     "second": {"heroes": [{"hero": "甘寧", "skills": [1, 3], "cell": "f9"}]}}}
>>> game = start(record)
>>> legal_actions(game)
[{'act': 'turn', 'side': 'first', 'hero': '張遼'}]
>>> apply(game, legal_actions(game)[0])
>>> sorted(a["act"] for a in legal_actions(game))[:2], len([a for a in legal_actions(game) if a["act"] == "move"])
(['end', 'move'], 20)
"""

import heapq

from games.tactics.actions import apply, check_action
from games.tactics.attack import targets
from games.tactics.board import distance, neighbours
from games.tactics.errors import TacticsViolation
from games.tactics.heroes import Skill
from games.tactics.movement import hostile_array, step_cost
from games.tactics.reactions import cover
from games.tactics.skills.common import members
from games.tactics.skills.copies import NOT_COPIED
from games.tactics.state import Game, Unit
from games.tactics.turns import free_spawns


def paths(game: Game, unit: Unit) -> dict[str, list[str]]:
    """The cheapest path to each cell the hero can end a move on (T6.2–T6.4)."""
    assert unit.cell is not None
    budget = max(0, game.mov_of(unit) - unit.slow())
    best: dict[str, int] = {unit.cell: 0}
    queue: list[tuple[int, str, list[str]]] = [(0, unit.cell, [])]
    found: dict[str, list[str]] = {}
    while queue:
        cost, cell, path = heapq.heappop(queue)
        if path and game.at(cell) is None:
            found.setdefault(cell, path)
        if path and hostile_array(game, unit, cell):
            continue
        for nxt in neighbours(game.board, cell):
            other = game.at(nxt)
            if game.board.terrain(nxt) == "base" or (other is not None and other is not unit and not unit.has("飛將")):
                continue
            total = cost + step_cost(game, unit, nxt)
            if total <= budget and total < best.get(nxt, budget + 1):
                best[nxt] = total
                heapq.heappush(queue, (total, nxt, [*path, nxt]))
    return found


def _members(game: Game, unit: Unit, skill: Skill, base: dict) -> list[dict]:
    """A skill's candidate uses from the unit's cell (its own, or a copy's)."""
    assert unit.cell is not None
    reach = (skill.reach or (0, 0))[1]
    cells = [c for c in game.board.cells() if distance(unit.cell, c) <= max(reach, 6)]
    wanted = members(skill.name)
    if wanted == {"weather"}:
        return [{**base, "weather": w} for w in ("sunny", "overcast", "rain")]
    if wanted == {"target", "amount"}:
        return [{**base, "target": c, "amount": unit.en} for c in cells if game.at(c)]
    if wanted == {"target", "cell"}:
        near = [(c, n) for c in cells if game.at(c) for n in neighbours(game.board, c) + [c]]
        return [{**base, "target": c, "cell": n} for c, n in near]
    if wanted == {"target"}:
        return [{**base, "target": c} for c in cells]
    return [base]


def _skill_candidates(game: Game, unit: Unit, number: int) -> list[dict]:
    """An activated skill's candidate uses; 奪權 and 反計 copy each active skill next to them."""
    assert unit.cell is not None
    skill = unit.hero.skill(number)
    base = {"act": "skill", "side": unit.side, "hero": unit.name, "skill": number}
    if skill.name not in ("奪權", "反計"):
        return _members(game, unit, skill, base)
    found = []
    for cell in neighbours(game.board, unit.cell):
        owner = game.at(cell)
        if owner is None:
            continue
        for n in owner.skills:
            copied = owner.hero.skill(n)
            if copied.active and copied.name not in NOT_COPIED:
                found += _members(game, unit, copied, {**base, "from": cell, "copy": n})
    return found


def candidates(game: Game) -> list[dict]:
    """Every action worth trying now (legal or not)."""
    if game.result is not None:
        return []
    if game.due == "round-limit":
        return [{"act": "round-limit"}]
    if game.free_left:
        side = (game.settings.free_phases or {}).get("side", "")
        movers = [u for u in game.allies(side) if not u.moved]
        found = [
            {"act": "move", "side": u.side, "hero": u.name, "path": p} for u in movers for p in paths(game, u).values()
        ]
        return [*found, {"act": "free-end", "side": side}]
    if game.turn is None:
        return [
            {"act": "turn", "side": u.side, "hero": u.name} for u in game.units if u.side == game.phase and not u.acted
        ]
    unit = game.current()
    assert unit is not None
    who = {"side": unit.side, "hero": unit.name}
    if game.drops:
        side, hero = game.drops[0]
        dropper = game.unit(side, hero)
        return [{"act": "drop", "side": side, "hero": hero, "skill": n} for n in dropper.skills]
    if game.due == "respawn":
        return [{"act": "respawn", **who, "cell": c} for c in free_spawns(game, unit.side)]
    found = [{"act": "move", **who, "path": p} for p in paths(game, unit).values()]
    marks = [u.cell for u in game.units if u.cell and game.side_of(u) != game.side_of(unit)] + [
        game.board.base(game.other(game.side_of(unit)))
    ]
    found += [{"act": "attack", **who, "target": c} for c in marks]
    for number in unit.skills:
        found += _skill_candidates(game, unit, number)
    return [*found, {"act": "end", **who}]


def legal_actions(game: Game) -> list[dict]:
    """The candidates that `apply` accepts (without 援護's reactions, which answer an attack)."""
    legal = []
    for action in candidates(game):
        try:
            check_action(game, action)
            apply(game.clone(), action)
        except TacticsViolation:
            continue
        legal.append(action)
    return legal


def covers(game: Game, action: dict) -> list[dict]:
    """The 援護 reactions that could answer a checked normal attack (T14.4 25.3): one per 趙雲
    and attacked ally next to him, for the page that asks 趙雲's player before it resolves."""
    attacker = game.unit(action["side"], action["hero"])
    attacked = targets(game, attacker, action["target"], action.get("second"))
    found = []
    for guard in game.enemies(game.side_of(attacker)):
        for number in [n for n in guard.skills if guard.hero.skill(n).name == "援護"]:
            for ally in attacked:
                react = {"act": "react", "side": guard.side, "hero": guard.name, "skill": number, "target": ally.cell}
                try:
                    cover(game, attacker, attacked, guard, react, pay=False)
                except TacticsViolation:
                    continue
                found.append(react)
    return found
