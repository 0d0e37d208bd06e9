"""Skills that relocate a hero (docs/tactics.md T8.7, T14.4): 遼來, 迫降, 遁形 (the user appears),
衝刺 (charge and push), 錨鉤 (pull), 熊抱 (placement). None is a move action."""

from games.tactics.board import between, distance, neighbours, same_line
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.movement import arrive, hostile_array
from games.tactics.skills.common import Use
from games.tactics.state import Unit
from games.tactics.statuses import check, inflict


def _free(use: Use, cell: str, mover: Unit) -> None:
    """A relocation's destination: an empty board cell, not a base (T8.7)."""
    other = use.game.at(cell)
    if use.game.board.terrain(cell) == "base" or (other is not None and other is not mover):
        raise TacticsViolation(
            "T8.7", gettext_noop("%(cell)s is not free: a hero may be put only on an empty cell"), cell=cell
        )


def check_appear(use: Use) -> None:
    """遼來, 迫降: `cell` next to the enemy target, free but for the user (T14.4)."""
    target = use.target()
    cell = use.action["cell"]
    _free(use, cell, use.user)
    assert target.cell is not None
    if cell not in neighbours(use.game.board, target.cell):
        raise TacticsViolation("T14.4", gettext_noop("%(skill)s's cell is next to its target"), skill=use.skill.name)


def run_liao(use: Use) -> None:
    """遼來: appear, 1 unavoidable, then a check: 1–3 sealed, 4–6 paralysed (T14.4 18.3)."""
    target = use.target()
    arrive(use.game, use.user, use.action["cell"], use.outcome)
    use.hit(target, {"unavoidable": 1})
    use.settle(lambda: _liao_check(use, target))


def _liao_check(use: Use, target: Unit) -> None:
    if target.alive:
        inflict(target, "seal" if check(use.game) <= 3 else "paralysis")


def run_descent(use: Use) -> None:
    """迫降: appear next to it; it is confused for one round (T14.4 26.3)."""
    target = use.target()
    arrive(use.game, use.user, use.action["cell"], use.outcome)
    use.settle(lambda: inflict(target, "confusion") if target.alive else None)


def check_vanish(use: Use) -> None:
    """遁形: a forest cell within 3 holding no hero (T14.4 21.3)."""
    cell = use.cell()
    _free(use, cell, use.user)
    if use.game.board.terrain(cell) != "forest":
        raise TacticsViolation("T14.4", gettext_noop("遁形 leads to a forest cell"))


def run_vanish(use: Use) -> None:
    use.user.pending.add("遁形")
    arrive(use.game, use.user, use.action["target"], use.outcome)
    use.settle()


def _line(use: Use, blockers: str) -> None:
    """衝刺, 錨鉤: the target in the same line, nothing between (T14.4 15.1, 16.1)."""
    target = use.target()
    assert target.cell is not None
    if not same_line(use.here, target.cell):
        raise TacticsViolation(
            "T14.4", gettext_noop("%(skill)s's target is in the same row or column"), skill=use.skill.name
        )
    for cell in between(use.here, target.cell):
        array = blockers == "arrays" and hostile_array(use.game, use.user, cell)
        if use.game.at(cell) is not None or use.game.board.terrain(cell) == "base" or array:
            raise TacticsViolation(
                "T14.4",
                gettext_noop("%(cell)s stands between: %(skill)s needs a clear line"),
                cell=cell,
                skill=use.skill.name,
            )


def run_charge(use: Use) -> None:
    """衝刺: to the cell next to the target on his side, 1 + cells moved as strike, then the push."""
    target = use.target()
    assert target.cell is not None
    start, line = use.here, between(use.here, target.cell)
    if line:
        arrive(use.game, use.user, line[-1], use.outcome)
    use.hit(target, {"strike": 1 + len(line)})
    use.settle()
    _push(use, target, start)


def _push(use: Use, target: Unit, start: str) -> None:
    """The push: one cell further along the line, unless off the board, a hero or a base."""
    if not target.alive or use.game.result is not None:
        return
    assert target.cell is not None
    beyond = [c for c in neighbours(use.game.board, target.cell) if distance(start, c) > distance(start, target.cell)]
    beyond = [c for c in beyond if same_line(start, c)]
    if beyond and use.game.at(beyond[0]) is None and use.game.board.terrain(beyond[0]) != "base":
        arrive(use.game, target, beyond[0], use.outcome)
        use.settle()


def run_hook(use: Use) -> None:
    """錨鉤: 1 strike, then pulled to the cell next to 黃蓋, stopping on his side's first array."""
    target = use.target()
    assert target.cell is not None
    path = list(reversed(between(use.here, target.cell)))
    use.hit(target, {"strike": 1})
    use.settle()
    if not target.alive or use.game.result is not None or not path:
        return
    stop = next((c for c in path if hostile_array(use.game, target, c)), path[-1])
    arrive(use.game, target, stop, use.outcome)
    use.settle()


def check_hug(use: Use) -> None:
    """熊抱: `cell` next to 孟獲, free but for the target (T14.4 20.1)."""
    target = use.target()
    cell = use.action["cell"]
    _free(use, cell, target)
    if cell not in neighbours(use.game.board, use.here):
        raise TacticsViolation("T14.4", gettext_noop("熊抱 puts its target next to 孟獲"))


def run_hug(use: Use) -> None:
    target = use.target()
    use.hit(target, {"strike": 1})
    use.settle()
    if target.alive and use.game.result is None and target.cell != use.action["cell"]:
        arrive(use.game, target, use.action["cell"], use.outcome)
        use.settle()


HANDLERS = {
    "遼來": (check_appear, run_liao),
    "迫降": (check_appear, run_descent),
    "遁形": (check_vanish, run_vanish),
    "衝刺": (lambda use: _line(use, "arrays"), run_charge),
    "錨鉤": (lambda use: _line(use, "heroes"), run_hook),
    "熊抱": (check_hug, run_hug),
}
