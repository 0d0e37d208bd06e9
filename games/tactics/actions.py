"""One action of a record applied to a game (docs/tactics.md T18.2, T18.3): its form, the turn
order, then the checks of its kind, each refusal naming the clause broken (TacticsViolation).

The replayer applies an action to a copy of the game, so a refused action changes nothing."""

from games.tactics.attack import attack, check_attack, targets
from games.tactics.damage import Outcome
from games.tactics.deaths import settle
from games.tactics.errors import TacticsViolation, gettext_noop
from games.tactics.free_phases import check_free, free_act
from games.tactics.movement import check_path, move
from games.tactics.reactions import cover, drop
from games.tactics.respawning import reactivate
from games.tactics.skills.common import Use
from games.tactics.skills.use import check_use, run_use, skill_form
from games.tactics.state import Game, Unit
from games.tactics.turns import begin_turn, end_turn, finish_turn, free_spawns, respawn, round_limit

HERO_ACTS = {"turn", "respawn", "move", "attack", "skill", "react", "drop", "end"}
MEMBERS = {  # act → (required, optional) members besides act, t, note (and side, hero)
    "turn": (set(), set()),
    "respawn": ({"cell"}, {"skills", "designate"}),
    "move": ({"path"}, set()),
    "attack": ({"target"}, {"second"}),
    "skill": ({"skill"}, {"name", "target", "cell", "weather", "amount", "from", "copy"}),
    "react": ({"skill", "target"}, {"name"}),
    "drop": ({"skill"}, set()),
    "end": (set(), set()),
    "resign": ({"side"}, set()),
    "flag": ({"side"}, set()),
    "round-limit": (set(), set()),
    "free-end": ({"side"}, set()),
}
ENDED_BY = {"base": "T13.1", "bases": "T13.2", "round-limit": "T13.3", "resign": "T13.4", "flag": "T13.4"}


def _cell(game: Game, value: object) -> str:
    if not isinstance(value, str) or not game.board.on_board(value):
        raise TacticsViolation("T18.2", gettext_noop("%(cell)s is not a cell of the map"), cell=repr(value))
    return value


def check_form(game: Game, action: object) -> Unit | None:
    """T18.3 check 1: a known act, its members and no others, cells on the map, a hero of that
    side's roster. Returns the hero named, if any."""
    if not isinstance(action, dict) or not isinstance(action.get("act"), str) or action["act"] not in MEMBERS:
        raise TacticsViolation("T18.2", gettext_noop("an action is an object with a known `act`"))
    required, optional = MEMBERS[action["act"]]
    if action["act"] in HERO_ACTS:
        required = required | {"side", "hero"}
    present = set(action) - {"act", "t", "note"}
    if not required <= present or present - required - optional:
        raise TacticsViolation(
            "T18.2", gettext_noop("`%(act)s` takes %(members)s"), act=action["act"], members=sorted(required | optional)
        )
    if "side" in action and action["side"] not in ("first", "second"):
        raise TacticsViolation("T18.2", gettext_noop("`side` is first or second"))
    for key in ("cell", "target", "second", "from"):
        if key in action:
            _cell(game, action[key])
    if "path" in action and (not isinstance(action["path"], list) or not action["path"]):
        raise TacticsViolation("T18.2", gettext_noop("`path` lists at least one cell"))
    for cell in action.get("path", []):
        _cell(game, cell)
    if action["act"] not in HERO_ACTS:
        return None
    found = [u for u in game.units if u.side == action["side"] and u.name == action["hero"]]
    if not found:
        raise TacticsViolation(
            "T18.2", gettext_noop("%(hero)s is not in that side's roster"), hero=repr(action["hero"])
        )
    if action["act"] == "skill":
        skill_form(found[0], action)
    return found[0]


def check_order(game: Game, action: dict, unit: Unit | None) -> None:
    """T18.3 checks 2 and 3: the game has not ended; whose turn it is."""
    act = action["act"]
    if game.result is not None:
        raise TacticsViolation(ENDED_BY[game.result["reason"]], gettext_noop("the game has ended"))
    if game.due == "round-limit" and act != "round-limit":
        raise TacticsViolation("T13.3", gettext_noop("round R has ended: the round limit decides the game"))
    if act == "round-limit" and game.due != "round-limit":
        raise TacticsViolation("T13.3", gettext_noop("the round limit comes only when round R has ended"))
    check_free(game, action, unit)
    if unit is None or game.free_left:
        return
    if act == "turn":
        if game.turn is not None:
            raise TacticsViolation("T5.2", gettext_noop("another action turn is in progress"))
        if unit.side != game.phase or unit.acted:
            raise TacticsViolation(
                "T5.1", gettext_noop("that hero's side is not in its phase, or it has had its turn this round")
            )
        return
    if (game.due == "respawn") != (act == "respawn"):
        raise TacticsViolation("T12.4", gettext_noop("a dead hero's respawn comes directly after its turn begins"))
    if act == "react":
        raise TacticsViolation("T14.4", gettext_noop("no attack is open to a reaction"))
    if bool(game.drops) != (act == "drop"):
        raise TacticsViolation("T14.4", gettext_noop("a hero whose 劉備 died removes a skill before anything else"))
    if act == "drop":
        return
    if game.turn is None or game.turn[:2] != (unit.side, unit.name):
        raise TacticsViolation("T5.2", gettext_noop("it is not that hero's action turn"))


def check_action(game: Game, action: object) -> tuple[Unit | None, Use | None]:
    """The checks of T18.3 that come before an action changes anything, in its order: the form
    (1), the turn order (2, 3), then a move's path (5), an attack's checks (6) or a skill's up to
    its cost (7). They only read the game: the legal actions run them on the game itself and try
    on a copy only the candidates that pass. Returns the hero named and a skill's use."""
    unit = check_form(game, action)
    assert isinstance(action, dict)
    check_order(game, action, unit)
    act = action["act"]
    if unit is None or act in ("resign", "flag", "round-limit"):
        return unit, None
    if act == "move":
        check_path(game, unit, [_cell(game, c) for c in action["path"]])
    elif act == "attack":
        check_attack(game, unit, action["target"], action.get("second"))
    elif act == "skill":
        return unit, check_use(game, unit, action)
    return unit, None


def apply(game: Game, action: object, reacts: list | None = None) -> None:
    """Applies one action (and the automatic steps after it), or raises TacticsViolation. An
    attack comes with the `react` actions that follow it (T18.3 step 3); a fault in one of them
    carries its place after the attack (`offset`)."""
    unit, use = check_action(game, action)
    assert isinstance(action, dict)
    act = action["act"]
    if act in ("resign", "flag"):
        game.result = {"outcome": game.other(action["side"]), "reason": act}
    elif act == "round-limit":
        round_limit(game)
    elif game.free_left:
        free_act(game, unit, action)
    else:
        assert unit is not None
        _hero_act(game, unit, action, reacts or [], use)


def _hero_act(game: Game, unit: Unit, action: dict, reacts: list, use: Use | None) -> None:
    """A hero's act whose checks `check_action` has made, and the end of the turn it may bring."""
    act = action["act"]
    if act == "turn":
        begin_turn(game, unit)
    elif act == "respawn":
        _respawn(game, unit, action)
    elif act == "move":
        outcome = Outcome()
        move(game, unit, action["path"], outcome)
        settle(game, outcome)
    elif act == "attack":
        covered = _reactions(game, unit, action, reacts)
        attack(game, unit, action["target"], action.get("second"), covered)
    elif act == "drop":
        drop(game, unit, action)
    elif act == "skill":
        assert use is not None
        run_use(game, unit, use)
    elif act == "end" and game.turn is not None and game.turn[2]:
        game.turn, game.charmed, game.resume = game.resume, None, None
    elif act == "end":
        end_turn(game, unit)
    current = game.current()
    if game.result is None and current is not None and not current.alive and game.due is None:
        if game.turn is not None and game.turn[2]:  # a 迷魂 extra turn ends at its hero's death
            game.turn, game.charmed, game.resume = game.resume, None, None
        else:
            finish_turn(game)  # a hero that dies in its own turn ends it at once (T5.3)


def _reactions(game: Game, unit: Unit, action: dict, reacts: list) -> dict[int, Unit]:
    """The 援護 reactions to an attack: the attacked ally → 趙雲 who takes it instead."""
    attacked, covered = targets(game, unit, action["target"], action.get("second")), {}
    for offset, react in enumerate(reacts, 1):
        try:
            guard = check_form(game, react)
            if game.result is not None or react["act"] != "react" or guard is None or not guard.alive:
                raise TacticsViolation("T14.4", gettext_noop("no attack is open to that reaction"))
            ally = cover(game, unit, attacked, guard, react)
            if id(ally) in covered:
                raise TacticsViolation("T14.4", gettext_noop("one 援護 a target"))
        except TacticsViolation as fault:
            fault.offset = offset
            raise
        covered[id(ally)] = guard
    return covered


def _respawn(game: Game, unit: Unit, action: dict) -> None:
    """T18.3 check 4, then the respawn of T12.4."""
    cell = action["cell"]
    if cell not in free_spawns(game, unit.side):
        raise TacticsViolation("T12.4", gettext_noop("%(cell)s is not a free spawn point of that side"), cell=cell)
    reactivate(game, unit, action)
    respawn(game, unit, cell)
