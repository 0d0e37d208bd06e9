"""Free movement phases before round 1 (docs/tactics.md T5.6; `free_phases` in a record, T18.2)."""

import copy
import json
from pathlib import Path

from games.tactics.legal import legal_actions
from games.tactics.replay import replay
from games.tactics.setup import start

EXAMPLE = json.loads((Path(__file__).parent / "records" / "example-t18-5.json").read_text(encoding="utf-8"))


def free_record(actions: list) -> dict:
    record = copy.deepcopy(EXAMPLE)
    record["settings"]["free_phases"] = {"side": "first", "count": 1}
    record["actions"] = actions
    record.pop("result")
    return record


def test_t5_6_the_favoured_side_moves_in_a_free_phase_then_round_1_rolls_its_weather():
    move = {"act": "move", "side": "first", "hero": "張遼", "path": ["d2", "d3", "d4", "d5"]}
    state = replay(free_record([move, {"act": "free-end", "side": "first"}]))
    assert (state["heroes"][0]["cell"], state["heroes"][0]["en"], state["rolls"], state["weather"]) == (
        "d5",
        0,
        1,
        "rain",
    )


def test_t5_6_nothing_but_the_favoured_sides_moves_in_a_free_phase():
    turn = {"act": "turn", "side": "first", "hero": "張遼"}
    assert replay(free_record([turn]))["illegal"] == {"index": 0, "clause": "T5.6"}
    other = {"act": "move", "side": "second", "hero": "甘寧", "path": ["f8"]}
    assert replay(free_record([other]))["illegal"] == {"index": 0, "clause": "T5.6"}
    twice = {"act": "move", "side": "first", "hero": "張遼", "path": ["d2"]}
    assert replay(free_record([twice, {**twice, "path": ["d3"]}]))["illegal"] == {"index": 1, "clause": "T6.1"}
    assert replay(copy.deepcopy(EXAMPLE) | {"actions": [{"act": "free-end", "side": "first"}]})["illegal"] == {
        "index": 0,
        "clause": "T5.6",
    }


def test_t5_6_the_legal_actions_of_a_free_phase_are_moves_and_its_end():
    game = start(free_record([]))
    assert {a["act"] for a in legal_actions(game)} == {"move", "free-end"} and game.rolls == 0
