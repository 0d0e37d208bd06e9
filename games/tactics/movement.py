"""Movement (docs/tactics.md §T6): the cost of entering a cell, the checks of a move action's path
in T18.3's order, and stone arrays that stop it (T6.4, T8.8)."""

from games.tactics.board import neighbours
from games.tactics.damage import Hit, Outcome, resolve
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.state import Game, Unit
from games.tactics.statuses import inflict

FREE_ENTRY = {"mountain": "偷渡", "water": "漂浮", "forest": "狩獵", "plain": "神速"}


def step_cost(game: Game, unit: Unit, cell: str) -> int:
    """Entering a cell: 1, a mountain 2 (T3.6); the cheapest of the skills that change it (T6.2)."""
    terrain = game.board.terrain(cell)
    cost = game.settings.mountain_cost if terrain == "mountain" else 1
    if terrain == "mountain" and game.side_has(game.side_of(unit), "奇謀"):
        cost = min(cost, 1)
    if unit.has(FREE_ENTRY.get(terrain, "")):
        cost = 0
    return cost


def hostile_array(game: Game, unit: Unit, cell: str) -> bool:
    side = game.arrays.get(cell)
    return side is not None and side != game.side_of(unit)


def check_path(game: Game, unit: Unit, path: list[str]) -> None:
    """A move action's checks (T18.3 step 5), or TacticsViolation naming the first broken."""
    if unit.has_status("confusion") or unit.has_status("root"):
        raise TacticsViolation("T4.4", gettext_noop("a confused or rooted hero cannot move"))
    if unit.moved:
        raise TacticsViolation("T6.1", gettext_noop("a hero makes one move action a turn"))
    assert unit.cell is not None
    here, spent, stopped, budget = unit.cell, 0, False, max(0, game.mov_of(unit) - unit.slow())
    for index, cell in enumerate(path):
        if cell not in neighbours(game.board, here):
            raise TacticsViolation(
                "T6.1", gettext_noop("%(cell)s is not next to %(here)s: a path goes cell by cell"), cell=cell, here=here
            )
        if game.board.terrain(cell) == "base":
            raise TacticsViolation("T6.3", gettext_noop("no hero may enter a base"))
        other = game.at(cell)
        if other is not None and other is not unit and not (unit.has("飛將") and index < len(path) - 1):
            raise TacticsViolation(
                "T6.3", gettext_noop("%(cell)s holds a hero: a path may not enter or cross it"), cell=cell
            )
        if stopped:
            raise TacticsViolation("T6.4", gettext_noop("a hostile stone array ended the move"))
        spent += step_cost(game, unit, cell)
        if spent > budget:
            raise TacticsViolation(
                "T6.2", gettext_noop("the path costs %(cost)s MOV, more than the hero has"), cost=spent
            )
        stopped, here = hostile_array(game, unit, cell), cell


def arrive(game: Game, unit: Unit, cell: str, outcome: Outcome) -> bool:
    """A hero arrives on a cell by any means; a hostile array there triggers (T8.8): 1
    unavoidable, root for one round, the array gone. True if it triggered."""
    unit.cell = cell
    if not hostile_array(game, unit, cell):
        return False
    owner = game.arrays.pop(cell)
    resolve(game, Hit(unit, {"unavoidable": 1}, None, "array", "八陣", owner), outcome)
    inflict(unit, "root")
    return True


def move(game: Game, unit: Unit, path: list[str], outcome: Outcome) -> None:
    """Walks a checked path: the move ends on the first hostile array (T6.4)."""
    unit.moved = True
    for cell in path:
        if arrive(game, unit, cell, outcome):
            return
