"""Replaying a `sanguo-tactics/1` record (docs/tactics.md T18.3): the final state of T18.4, or the
first illegal action by its index and clause, with the state before it.

>>> record = {"format": "sanguo-tactics/1", "settings": {"heroes_per_side": 1}, "map": "classic-9",
...     "seed": "0" * 64, "sides": {
...     "first": {"heroes": [{"hero": "張遼", "skills": [1, 3], "cell": "d1"}]},
...     "second": {"heroes": [{"hero": "甘寧", "skills": [1, 3], "cell": "f9"}]}},
...     "actions": [{"act": "turn", "side": "first", "hero": "張遼"},
...                 {"act": "move", "side": "first", "hero": "張遼", "path": ["d2", "d3", "d4", "d5", "d6"]}]}
>>> state = replay(record)
>>> state["illegal"], state["weather"], state["heroes"][0]["cell"]
({'index': 1, 'clause': 'T6.2'}, 'overcast', 'd1')
>>> describe(record)[1]
['action 1 is illegal: T6.2 (the path costs 6 MOV, more than the hero has)']
"""

from games.tactics.actions import apply
from games.tactics.errors import TacticsViolation
from games.tactics.setup import start
from games.tactics.state import Game, final_state


def replay_game(record: dict, seed: str | None = None) -> tuple[Game | None, dict | None]:
    """The game after the record's actions, and the fault, if any: `{"index": i | "setup",
    "clause": …, "message": …}` (the game is then the state before that action)."""
    try:
        game = start(record, seed)
    except TacticsViolation as fault:
        return None, {"index": "setup", "clause": fault.clause, "message": fault.message}
    return replay_on(game, record["actions"], 0)


def replay_on(game: Game, actions: list, index: int) -> tuple[Game, dict | None]:
    """The game after `actions[index:]` played on `game` (itself unchanged), and the fault, if any,
    as `replay_game` gives them: a game kept after its first actions goes on with the next."""
    while index < len(actions):
        reacts = _reacts(actions, index)
        trial = game.clone()
        try:
            apply(trial, actions[index], reacts)
        except TacticsViolation as fault:
            return game, {"index": index + fault.offset, "clause": fault.clause, "message": fault.message}
        game, index = trial, index + 1 + len(reacts)
    return game, None


def _reacts(actions: list, index: int) -> list:
    """The `react` actions that follow an attack (T18.2): it resolves after them."""
    if not isinstance(actions[index], dict) or actions[index].get("act") != "attack":
        return []
    end = index + 1
    while end < len(actions) and isinstance(actions[end], dict) and actions[end].get("act") == "react":
        end += 1
    return actions[index + 1 : end]


def replay(record: dict, seed: str | None = None) -> dict:
    """The JSON of T18.4: the final state, or `{"illegal": {"index", "clause"}}` with the state
    before the illegal action (none for a setup fault)."""
    game, fault = replay_game(record, seed)
    state = final_state(game) if game is not None else {}
    if fault is not None:
        return {"illegal": {"index": fault["index"], "clause": fault["clause"]}, **state}
    return state


def result_matches(record: dict, state: dict) -> bool | None:
    """Whether the record's `result` is the replay's (T18.3 step 4); None when it has none."""
    if "result" not in record:
        return None
    return record["result"] == state.get("result")


def describe(record: dict, seed: str | None = None) -> tuple[bool, list[str]]:
    """A replay for people: (legal, lines). The first illegal action by its index and clause, or
    the final position, the bases and the result (and whether the record's result agrees)."""
    game, fault = replay_game(record, seed)
    if fault is not None:
        return False, [f"action {fault['index']} is illegal: {fault['clause']} ({fault['message']})"]
    assert game is not None
    state = final_state(game)
    lines = [f"round {state['round']}, {state['weather']}, {state['rolls']} rolls"]
    lines.append(f"bases: first {state['bases']['first']}, second {state['bases']['second']}")
    for hero in state["heroes"]:
        where = hero["cell"] or "dead"
        extras = " ".join(hero["statuses"] + hero["pending"])
        points = f"HP {hero['hp']}/{hero['hp_max']} EN {hero['en']}/{hero['en_max']}"
        lines.append(f"  {hero['side']:6} {hero['hero']} {where} {points} {extras}".rstrip())
    result = state["result"]
    lines.append(f"result: {result['outcome']} ({result['reason']})" if result else "result: the game goes on")
    if (matches := result_matches(record, state)) is not None:
        lines.append("the record's result agrees" if matches else "the record's result does NOT agree with the replay")
    return True, lines
