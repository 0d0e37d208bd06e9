"""Free movement phases before round 1 (docs/tactics.md T5.6, the war's 速攻計): in each, every
hero of the favoured side may make one move action and nothing else happens; `free-end` closes
a phase, and round 1 (with its weather roll) starts after the last."""

from games.tactics.damage import Outcome
from games.tactics.deaths import settle
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.movement import move
from games.tactics.state import Game, Unit
from games.tactics.turns import start_round


def check_free(game: Game, action: dict, unit: Unit | None) -> None:
    """Only the favoured side's moves (one a hero a phase) and its `free-end` (T5.6)."""
    act, side = action["act"], (game.settings.free_phases or {}).get("side")
    if game.free_left == 0:
        if act == "free-end":
            raise TacticsViolation("T5.6", gettext_noop("no free movement phase is open"))
        return
    if act in ("resign", "flag"):
        return
    if act == "free-end" and action["side"] == side:
        return
    if act != "move" or unit is None or unit.side != side:
        raise TacticsViolation("T5.6", gettext_noop("in a free movement phase the favoured side only moves its heroes"))


def free_act(game: Game, unit: Unit | None, action: dict) -> None:
    """A free phase's move (its path checked by `actions.check_action`), or its end (which may
    start round 1)."""
    if action["act"] == "free-end":
        game.free_left -= 1
        for hero in game.units:
            hero.moved = False
        if game.free_left == 0:
            start_round(game)
        return
    assert unit is not None
    outcome = Outcome()
    move(game, unit, action["path"], outcome)
    settle(game, outcome)


def check_phases(raw: object) -> None:
    """The `free_phases` setting: a side and a count ≥ 1 (T18.2)."""
    if raw is None:
        return
    if not isinstance(raw, dict) or set(raw) != {"side", "count"} or raw["side"] not in ("first", "second"):
        raise TacticsViolation("T18.2", gettext_noop("`free_phases` names a side and a count"))
    if type(raw["count"]) is not int or raw["count"] < 1:
        raise TacticsViolation("T18.2", gettext_noop("`free_phases` has a count ≥ 1"))
