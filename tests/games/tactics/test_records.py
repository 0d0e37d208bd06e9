"""Records and replay (docs/tactics.md T18.2–T18.5): the rules' own example replays to its final
state exactly; the first illegal action is named by index and clause; setup faults are named;
`manage.py tactics_replay` prints the same."""

import copy
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.tactics.replay import describe, replay

EXAMPLE = Path(__file__).parent / "records" / "example-t18-5.json"
FINAL = {
    "round": 3,
    "weather": "rain",
    "phase": None,
    "turn": None,
    "rolls": 4,
    "bases": {"first": 4, "second": 6},
    "heroes": [
        {"side": "first", "hero": "張遼", "cell": "g5", "hp": 8, "hp_max": 9, "en": 3, "en_max": 4, "mov": 4,
         "skills": [1, 3], "statuses": [], "pending": [], "acted": True},
        {"side": "second", "hero": "甘寧", "cell": "f5", "hp": 6, "hp_max": 9, "en": 2, "en_max": 4, "mov": 4,
         "skills": [1, 3], "statuses": ["paralysis", "slow"], "pending": [], "acted": False},
    ],
    "arrays": [],
    "result": {"outcome": "first", "reason": "resign"},
}  # fmt: skip


def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_t18_5_the_rules_example_replays_to_its_final_state():
    assert replay(example()) == FINAL


def test_t18_3_the_first_illegal_action_is_named_by_index_and_clause_with_the_state_before_it():
    record = example()
    record["actions"][4]["path"] = ["f8", "f7", "f6", "f5", "f4"]  # 5 MOV for a MOV of 4
    state = replay(record)
    assert state["illegal"] == {"index": 4, "clause": "T6.2"}
    assert state["heroes"][1]["cell"] == "f9"


def test_t18_3_an_action_out_of_turn_names_t5_2():
    record = example()
    record["actions"].insert(1, {"act": "move", "side": "second", "hero": "甘寧", "path": ["f8"]})
    assert replay(record)["illegal"] == {"index": 1, "clause": "T5.2"}


@pytest.mark.parametrize(
    "change, clause",
    [
        (lambda r: r["sides"]["first"]["heroes"][0].update(cell="e1"), "T2.5"),
        (lambda r: r["sides"]["first"]["heroes"][0].update(skills=[1, 1]), "T2.4"),
        (lambda r: r["sides"]["first"]["heroes"][0].update(hero="孫權"), "T2.3"),
        (lambda r: r.update(commitment="0" * 64), "T18.1"),
        (lambda r: r.update(settings={"heroes_per_side": 2}), "T2.2"),
        (lambda r: r.update(map={"name": "x", "rows": ["..B..", ".M...", "..B.."]}), "T3.11"),
    ],
)
def test_t18_3_a_setup_fault_is_named_with_its_clause(change, clause):
    """T2.2 (team size), T2.3 (known heroes), T2.4 (activations), T2.5 (deployment), T3.11 (the
    map) and T18.1 (the seed): each setup fault names its clause and nothing is played."""
    record = copy.deepcopy(example())
    change(record)
    assert replay(record)["illegal"] == {"index": "setup", "clause": clause}


def test_t13_4_after_a_resignation_nothing_more_is_played():
    record = example()
    record["actions"].append({"act": "turn", "side": "second", "hero": "甘寧"})
    assert replay(record)["illegal"] == {"index": 18, "clause": "T13.4"}


def test_t18_4_the_command_prints_exactly_the_final_state_with_json(capsys):
    call_command("tactics_replay", str(EXAMPLE), "--json")
    assert json.loads(capsys.readouterr().out) == FINAL


def test_t18_3_the_command_names_the_first_illegal_action(tmp_path, capsys):
    record = example()
    record["actions"][8]["target"] = "f6"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(CommandError, match=r"action 8 is illegal: T7.1"):
        call_command("tactics_replay", str(path))
    call_command("tactics_replay", str(EXAMPLE))
    assert "result: first (resign)" in capsys.readouterr().out


def test_t18_3_the_form_is_checked_before_the_skill_so_a_stray_member_names_t18_2():
    record = example()
    record["actions"][14] |= {"skill": 2, "weather": "rain"}  # 堅守 is not activated, and takes nothing
    del record["actions"][14]["name"]
    assert replay(record)["illegal"] == {"index": 14, "clause": "T18.2"}


def test_t18_1_the_command_takes_the_revealed_seed_when_the_record_has_none(tmp_path, capsys):
    record = example()
    seed = record.pop("seed")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    call_command("tactics_replay", str(path), "--json")
    assert json.loads(capsys.readouterr().out)["illegal"] == {"index": "setup", "clause": "T18.1"}
    call_command("tactics_replay", str(path), "--json", "--seed", seed)
    assert json.loads(capsys.readouterr().out) == FINAL
    call_command("tactics_replay", str(path), "--json", "--seed", "1" * 64)
    assert json.loads(capsys.readouterr().out) == {"illegal": {"index": "setup", "clause": "T18.1"}}


@pytest.mark.parametrize(
    "change, result",
    [
        (lambda r: r["actions"][0].update(act=["turn"]), {"index": 0, "clause": "T18.2"}),
        (lambda r: r["sides"]["first"]["heroes"][0].update(hero={"zh": "張遼"}), {"index": "setup", "clause": "T2.3"}),
        (lambda r: r["sides"]["first"]["heroes"][0].update(skills=[[1], 3]), {"index": "setup", "clause": "T2.4"}),
    ],
)
def test_t18_3_values_of_the_wrong_type_are_refused_with_a_clause_not_a_crash(change, result):
    record = example()
    change(record)
    assert replay(record)["illegal"] == result


def test_t18_3_a_result_that_the_replay_does_not_reach_is_reported_as_a_mismatch():
    record = example()
    record["result"] = {"outcome": "second", "reason": "resign"}
    legal, lines = describe(record)
    assert legal and lines[-1] == "the record's result does NOT agree with the replay"
