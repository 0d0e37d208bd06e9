"""Two acts sent at once on the same version: one is applied, the other refused, nothing lost
(T18.3, compare-and-set under the game's row lock); and an attack that 趙雲's 援護 may answer waits
for his player, whose answer is written after it in the record (T14.4, T18.2)."""

import pytest

from games.tactics.board import distance
from games.tactics.replay import replay
from tactics.models import TacticsGame
from tests.races import at_once
from tests.tactics.bots import Player, set_up


@pytest.mark.django_db(transaction=True)
def test_t18_3_two_acts_at_once_on_one_version_apply_one(db):
    first, second = Player("liubei"), Player("caocao")
    start = set_up(first, second)
    path = f"games/{start['id']}/act"
    turns = [a for a in first.get(f"games/{start['id']}/legal").json()["actions"] if a["act"] == "turn"]
    answers: list = []
    raised = at_once(
        *[
            lambda turn=turn: answers.append(first.post(path, {"action": turn, "version": start["version"]}))
            for turn in turns[:2]
        ]
    )
    assert raised == []
    assert sorted(answer.status_code for answer in answers) == [200, 409]
    game = TacticsGame.objects.get(pk=start["id"])
    assert game.version == start["version"] + 1 and len(game.record["actions"]) == 1


def _step(player, view: dict) -> dict:
    """One act of a side walking its heroes towards 趙雲's neighbours, attacking one of them once
    趙雲 has the EN for 援護 (else ending the turn rather than attacking)."""
    heroes = {(h["side"], h["hero"]): h for h in view["state"]["heroes"]}
    zhao = heroes[("second", "趙雲")]
    covered = {
        h["cell"]
        for h in heroes.values()
        if h["side"] == "second" and h["cell"] and zhao["cell"] and distance(h["cell"], zhao["cell"]) == 1
    }
    legal = player.get(f"games/{view['id']}/legal").json()
    actions = legal["actions"]
    attacks = [a for a in actions if a["act"] == "attack" and a["target"] in covered and zhao["en"] >= 1]
    moves = [a for a in actions if a["act"] == "move" and distance(a["path"][-1], "d8") > 0]
    if attacks:
        action = attacks[0]
    elif moves and not any(a["act"] == "attack" for a in actions):
        action = min(moves, key=lambda a: distance(a["path"][-1], "c8"))
    else:
        action = next((a for a in actions if a["act"] in ("turn", "end", "respawn")), actions[-1])
    return player.ok(f"games/{view['id']}/act", {"action": action, "version": legal["version"]})


@pytest.mark.django_db
def test_t14_4_an_attack_that_yuanhu_may_answer_waits_for_its_player():
    first, second = Player("liubei"), Player("caocao")
    start = set_up(first, second)
    game_id, view = start["id"], start
    for _ in range(200):
        if view["pending"] is not None or view["status"] != "playing":
            break
        if view["to_act"] == "first":
            view = _step(first, view)
        else:
            legal = second.get(f"games/{game_id}/legal").json()
            ends = [a for a in legal["actions"] if a["act"] in ("turn", "end")]
            action = ends[0] if ends else legal["actions"][0]  # a respawn, say
            view = second.ok(f"games/{game_id}/act", {"action": action, "version": legal["version"]})
    assert view["pending"] is not None and view["to_act"] == "second", (view["result"], view["state"], view["actions"])
    attack = view["pending"]["attack"]
    assert first.get(f"games/{game_id}/legal").json()["actions"] == []
    answers = second.get(f"games/{game_id}/legal").json()["actions"]
    assert answers[-1] == {"act": "no-cover"} and answers[0]["act"] == "react" and answers[0]["hero"] == "趙雲"
    wrong = second.post(f"games/{game_id}/act", {"action": {"act": "end"}, "version": view["version"]})
    assert wrong.status_code == 400 and wrong.json()["clause"] == "T14.4"
    after = second.ok(f"games/{game_id}/act", {"action": answers[0], "version": view["version"]})
    assert after["pending"] is None and after["actions"][-2:] == [attack, answers[0]]
    second.ok(f"games/{game_id}/resign")
    record = second.get(f"games/{game_id}/record").json()
    assert replay(record)["result"] == {"outcome": "first", "reason": "resign"}
