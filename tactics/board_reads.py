"""What a hero tactics game's page and its socket read beside the game's view (tactics/selectors.py):
the legal actions of the reader's side with each move's cost (T6.2), the preview of an attack or a
skill before its player confirms it (games/tactics/preview.py), the positions of the replay after
the game, which step made each roll of the dice, the map to draw and the heroes' catalogue with their
English and Chinese names."""

import json
from collections import OrderedDict
from functools import cache

from django.utils.translation import gettext as _

from campaign.errors import NotAllowed, RuleViolation
from games.tactics.errors import TacticsViolation
from games.tactics.heroes import DATA
from games.tactics.movement import step_cost
from games.tactics.preview import preview
from games.tactics.replay import replay_on
from games.tactics.setup import read_map, start
from games.tactics.state import Game, final_state
from tactics.models import TacticsGame
from tactics.rules import rebuilt
from tactics.selectors import SHOWN, tactics_legal

# Per seed: the actions read so far, the game after them, and the step of each roll (a process's
# cache: the socket reads it on every change, each time one step further).
_steps: OrderedDict[str, tuple[int, Game, list[dict]]] = OrderedDict()
KEPT_STEPS = 256


def tactics_legal_costed(game: TacticsGame, user) -> dict:
    """`tactics_legal`, and `costs`: for each action its movement points (a move's), else None."""
    legal = tactics_legal(game, user)
    moves = [a for a in legal["actions"] if a.get("act") == "move"]
    costs: list[int | None] = [None] * len(legal["actions"])
    if moves and game.record is not None:
        engine = rebuilt(game.record, game.seed)
        for index, action in enumerate(legal["actions"]):
            if action.get("act") == "move":
                unit = engine.unit(action["side"], action["hero"])
                costs[index] = sum(step_cost(engine, unit, cell) for cell in action["path"])
    return legal | {"costs": costs}


def tactics_preview(game: TacticsGame, user, action: object) -> dict:
    """The preview of an attack or skill the reader's side may play now; a refusal naming the
    clause otherwise (nothing is applied either way)."""
    side = game.side_of(getattr(user, "pk", None))
    if side is None:
        raise NotAllowed("T2.6", _("Only the game's players act in it."))
    if game.status != TacticsGame.Status.PLAYING or side != game.to_act or game.pending is not None:
        raise RuleViolation("T5.1", _("It is not your side's turn to act."))
    if not isinstance(action, dict) or action.get("act") not in ("attack", "skill"):
        raise RuleViolation("T18.2", _("A preview is of an attack or a skill."))
    assert game.record is not None
    try:
        return preview(rebuilt(game.record, game.seed), action)
    except TacticsViolation as fault:
        words = _(fault.template)
        raise RuleViolation(fault.clause, words % fault.values if fault.values else words) from None


def tactics_replay_positions(game: TacticsGame) -> list[dict]:
    """The position at the start and after each step of a decided game's record (an attack with
    its 援護 reactions is one step), for the replay; nothing while the game is on."""
    if game.status != TacticsGame.Status.DECIDED or game.record is None:
        return []
    actions = game.record["actions"]
    engine = start({**game.record, "actions": []}, game.seed)
    positions = [{"index": 0, "action": None, "state": final_state(engine)}]
    index = 0
    while index < len(actions):
        step = 1
        if isinstance(actions[index], dict) and actions[index].get("act") == "attack":
            while index + step < len(actions) and actions[index + step].get("act") == "react":
                step += 1
        engine, fault = replay_on(engine, actions[: index + step], index)
        if fault is not None:
            break
        index += step
        positions.append({"index": index, "action": actions[index - step], "state": final_state(engine)})
    return positions


def tactics_roll_steps(game: TacticsGame) -> list[dict]:
    """What each roll of the dice so far served (k = 0, 1, …), so that the page can say it (T18.1):
    `{"weather": round}` for the roll that opens a round (T11.1: the first before any action, each
    next one the last roll of the step that ends a round), else `{"act": index}`, the index in the
    record's actions of the step that made it (an attack and its 援護 answers are one step, named by
    the attack). Nothing before the play."""
    if game.record is None or game.status not in SHOWN:
        return []
    actions = game.record["actions"]
    known = _steps.get(game.seed)
    if known is not None and known[0] <= len(actions):
        index, engine, steps = known[0], known[1], list(known[2])
    else:
        index, engine = 0, start({**game.record, "actions": []}, game.seed)
        steps = [{"weather": engine.round}] * engine.rolls
    while index < len(actions):
        size = 1
        if actions[index].get("act") == "attack":
            while index + size < len(actions) and actions[index + size].get("act") == "react":
                size += 1
        before = (engine.round, engine.weather)
        engine, fault = replay_on(engine, actions[: index + size], index)
        if fault is not None:
            break
        made = [{"act": index}] * (engine.rolls - len(steps))
        if made and (engine.round > before[0] or (before[1] is None and engine.weather is not None)):
            made[-1] = {"weather": engine.round}  # the round that began with this step
        steps += made
        index += size
    _steps[game.seed] = (index, engine, steps)
    _steps.move_to_end(game.seed)
    while len(_steps) > KEPT_STEPS:
        _steps.popitem(last=False)
    return steps


def map_drawing(game: TacticsGame) -> dict:
    """The game's map for drawing: its rows of terrain letters from the 後手 edge down (T3.12),
    each side's base and spawn points (T3.10)."""
    board = read_map(game.map, int(game.settings.get("heroes_per_side", 3)))
    sides = ("first", "second")
    return {
        "name": board.name,
        "rows": list(board.rows),
        "bases": {side: board.base(side) for side in sides},
        "spawns": {side: board.spawn_points(side) for side in sides},
    }


@cache
def hero_catalogue() -> dict:
    """Every hero by its Chinese name: English name, MOV, HP, max EN, and its three skills with
    both names, cost, range and effect in both languages (from the engine's data file)."""
    heroes = json.loads(DATA.read_text(encoding="utf-8"))["heroes"]
    return {
        hero["zh"]: {
            "en": hero["en"],
            "mov": hero["mov"],
            "hp": hero["hp"],
            "en_max": hero["en_max"],
            "male": hero["gender"] == "M",
            "skills": [
                {
                    "slot": skill["slot"],
                    "zh": skill["zh"],
                    "en": skill["en"],
                    "kind": skill["kind"],
                    "cost_en": skill["cost_en"],
                    "range": skill["range"],
                    "effect_en": skill["effect_en"],
                    "effect_zh": skill["effect_zh"],
                }
                for skill in hero["skills"]
            ],
        }
        for hero in heroes
    }
