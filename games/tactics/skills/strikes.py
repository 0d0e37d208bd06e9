"""The skills that deal damage by a table (docs/tactics.md T14.3): one enemy hero, every enemy
hero within range, or an area; with the status each inflicts on those still alive (T7.6)."""

from games.tactics.board import cell_name, cell_xy, neighbours
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.skills.common import Use, in_area, plus, square
from games.tactics.statuses import inflict

SINGLE = {  # one enemy hero: its damage, and a status for one round
    "落雷": ({"unavoidable": 4}, None),
    "面罵": ({"unavoidable": 4}, None),
    "烈焰": ({"fire": 5}, None),
    "激流": ({"water": 5}, None),
    "飛刀": ({"strike": 2}, None),
    "威震": ({"unavoidable": 1}, ("confusion", 1)),
}
WITHIN = {  # every enemy hero within range
    "咆哮": ({"unavoidable": 1}, ("paralysis", 1)),
    "奸雄": ({"unavoidable": 2}, ("slow", 2)),
    "威風": ({"unavoidable": 1}, ("seal", 1)),
    "苦肉": ({"fire": 2}, None),
}
AREAS = {  # every enemy hero in an area around the chosen cell
    "劫火": (plus, {"fire": 2}),
    "水攻": (plus, {"water": 2}),
    "水淹": (square, {"water": 3}),
}


def _status(use: Use, units: list, status: tuple[str, int] | None) -> None:
    if status is None:
        return
    for unit in units:
        if unit.alive and use.affected(unit):
            inflict(unit, status[0], status[1])


def check_single(use: Use) -> None:
    target = use.target()
    if use.skill.name == "飛刀" and not use.affected(target):
        raise TacticsViolation("T14.4", gettext_noop("飛刀 cannot target a hero standing in a forest"))


def run_single(use: Use) -> None:
    parts, status = SINGLE[use.skill.name]
    target = use.target()
    use.hit(target, parts)
    use.settle(lambda: _status(use, [target], status))


def check_within(use: Use) -> None:
    use.enemies_within()


def run_within(use: Use) -> None:
    parts, status = WITHIN[use.skill.name]
    targets = use.enemies_within()
    for unit in targets:
        use.hit(unit, parts)
    use.settle(lambda: _status(use, targets, status))


def check_area(use: Use) -> None:
    use.cell()


def run_area(use: Use) -> None:
    shape, parts = AREAS[use.skill.name]
    targets = in_area(use.game, shape(use.game, use.cell()), lambda u: use.game.side_of(u) != use.side)
    for unit in targets:
        use.hit(unit, parts)
    use.settle()


def run_wooden_man(use: Use) -> None:
    """木人: EN −3 and 1 unavoidable, or EN to 0 and 2 unavoidable in one event (T14.4 03.1)."""
    target = use.target()
    extra = target.en < 3
    target.en = 0 if extra else target.en - 3
    use.hit(target, {"unavoidable": 1 + extra})
    use.settle()


def run_wooden_beast(use: Use) -> None:
    """木獸: 2 unavoidable, 3 for a hero whose EN < 3 before any damage (T14.4 03.2)."""
    targets = in_area(use.game, plus(use.game, use.cell()), lambda u: use.game.side_of(u) != use.side)
    low = {id(u) for u in targets if u.en < 3}
    for unit in targets:
        use.hit(unit, {"unavoidable": 2 + (id(unit) in low)})
    use.settle()


def check_fire_line(use: Use) -> None:
    """連火's `target` is the cell next to 陸遜 where the ray starts (T18.2)."""
    if use.action["target"] not in neighbours(use.game.board, use.here):
        raise TacticsViolation(
            "T14.4", gettext_noop("連火 starts on a cell next to 陸遜: it gives the ray's direction")
        )


def run_fire_line(use: Use) -> None:
    """連火: 3 fire to every enemy hero on the ray, to the edge of the board, never blocked (D37)."""
    board, (f0, r0), (f1, r1) = use.game.board, cell_xy(use.here), cell_xy(use.action["target"])
    ray, file, row = [], f1, r1
    while 0 <= file < board.width and 1 <= row <= board.height:
        ray.append(cell_name(file, row))
        file, row = file + f1 - f0, row + r1 - r0
    for unit in in_area(use.game, ray, lambda u: use.game.side_of(u) != use.side):
        use.hit(unit, {"fire": 3})
    use.settle()


HANDLERS = {
    **{name: (check_single, run_single) for name in SINGLE},
    **{name: (check_within, run_within) for name in WITHIN},
    **{name: (check_area, run_area) for name in AREAS},
    "木人": (lambda use: use.target(), run_wooden_man),
    "木獸": (check_area, run_wooden_beast),
    "連火": (check_fire_line, run_fire_line),
}
