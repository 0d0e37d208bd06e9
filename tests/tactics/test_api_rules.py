"""The questions every door of a hero tactics game asks, through the API: the picks and the
deployment stay secret until both sides' are in (T2.3, T2.5), an act on a game that moved on is
refused and changes nothing (T18.3), only the two players act (T2.6), resignation loses (T13.4),
the engine's refusals name their clause, and the reads cost pinned queries."""

from datetime import timedelta

import pytest

from tactics.models import TacticsGame
from tests.tactics.bots import CELLS, SIDES_PICKS, Player, set_up


@pytest.fixture
def players(db):
    return {"first": Player("liubei"), "second": Player("caocao", language="zh-hant")}


def test_t2_3_t2_5_picks_and_deployment_stay_secret_until_both_are_in(players):
    first, second = players["first"], players["second"]
    game = first.ok("challenge", {"opponent": "CaoCao"})  # a username in any case
    assert game["players"] == {"first": "liubei", "second": "caocao"} and game["status"] == "challenged"
    path = f"games/{game['id']}"
    second.ok(f"{path}/accept")
    mine = first.ok(f"{path}/picks", {"heroes": SIDES_PICKS["first"]})
    assert mine["picks"]["first"]["heroes"] == SIDES_PICKS["first"]  # the picker sees its own
    theirs = second.get(path).json()
    assert theirs["picks"] == {"first": {"submitted": True}, "second": {"submitted": False}}
    anyone = Player("guojia").get(path).json()
    assert anyone["picks"]["first"] == {"submitted": True} and anyone["you"] is None
    both = second.ok(f"{path}/picks", {"heroes": SIDES_PICKS["second"]})
    assert both["status"] == "deploying" and both["picks"]["first"]["heroes"] == SIDES_PICKS["first"]
    names = [pick["hero"] for pick in SIDES_PICKS["first"]]
    first.ok(f"{path}/deploy", {"cells": dict(zip(names, CELLS["first"], strict=True))})
    assert second.get(path).json()["deployments"]["first"] == {"submitted": True}
    assert first.get(path).json()["deployments"]["first"] == dict(zip(names, CELLS["first"], strict=True))


def test_t2_3_picks_are_final_and_a_hero_is_picked_once_a_side(players):
    first, second = players["first"], players["second"]
    game = first.ok("challenge", {"opponent": "caocao"})
    path = f"games/{game['id']}"
    early = first.post(f"{path}/picks", {"heroes": SIDES_PICKS["first"]})
    assert early.status_code == 400 and early.json()["clause"] == "T2.3"  # not accepted yet
    second.ok(f"{path}/accept")
    twice = [{"hero": "呂布", "skills": [1, 2]}] * 3
    refused = first.post(f"{path}/picks", {"heroes": twice})
    assert refused.status_code == 400 and refused.json()["clause"] == "T2.3"
    two_skills = first.post(f"{path}/picks", {"heroes": [{**p, "skills": [1]} for p in SIDES_PICKS["first"]]})
    assert two_skills.json()["clause"] == "T2.4"
    first.ok(f"{path}/picks", {"heroes": SIDES_PICKS["first"]})
    again = first.post(f"{path}/picks", {"heroes": SIDES_PICKS["second"]})
    assert again.status_code == 400 and again.json()["clause"] == "T2.3"
    assert first.get(path).json()["picks"]["first"]["heroes"] == SIDES_PICKS["first"]


def test_t18_3_an_act_on_a_game_that_moved_on_is_refused_and_changes_nothing(players):
    start = set_up(players["first"], players["second"])
    path = f"games/{start['id']}"
    legal = players["first"].get(f"{path}/legal").json()
    assert legal["version"] == start["version"] and legal["to_act"] == "first"
    players["first"].ok(f"{path}/act", {"action": legal["actions"][0], "version": legal["version"]})
    before = TacticsGame.objects.get(pk=start["id"])
    stale = players["first"].post(f"{path}/act", {"action": legal["actions"][1], "version": legal["version"]})
    assert stale.status_code == 409 and stale.json()["code"] == "stale", stale.json()
    after = TacticsGame.objects.get(pk=start["id"])
    assert (after.version, after.record, after.first_left_ms) == (before.version, before.record, before.first_left_ms)


def test_t2_6_only_the_two_players_act_and_only_the_side_to_act(players):
    start = set_up(players["first"], players["second"])
    path = f"games/{start['id']}"
    legal = players["first"].get(f"{path}/legal").json()
    stranger = Player("guojia")
    assert stranger.get(f"{path}/legal").json()["actions"] == []
    refused = stranger.post(f"{path}/act", {"action": legal["actions"][0], "version": legal["version"]})
    assert refused.status_code == 403 and refused.json()["clause"] == "T2.6"
    assert stranger.post(f"{path}/resign").status_code == 403
    assert players["second"].get(f"{path}/legal").json()["actions"] == []
    not_yours = players["second"].post(f"{path}/act", {"action": legal["actions"][0], "version": legal["version"]})
    assert not_yours.status_code == 400 and not_yours.json()["clause"] == "T5.1"
    assert TacticsGame.objects.get(pk=start["id"]).version == start["version"]


def test_t2_6_a_challenge_to_yourself_or_nobody_is_refused_in_the_readers_language(players):
    first, second = players["first"], players["second"]
    yourself = first.post("challenge", {"opponent": "liubei"})
    assert yourself.status_code == 400 and yourself.json()["clause"] == "T2.6"
    assert "yourself" in yourself.json()["message"]
    nobody = second.post("challenge", {"opponent": "nobody-here"})
    assert nobody.json()["clause"] == "T2.6" and "nobody-here" in nobody.json()["message"]
    assert "沒有" in nobody.json()["message"]  # 繁體中文 for the reader who asked it
    bad = first.post("challenge", {"opponent": "caocao", "settings": {"heroes_per_side": 9}})
    assert bad.status_code == 400 and bad.json()["clause"] == "T15"
    assert not TacticsGame.objects.exists()


def test_t6_2_the_engines_refusal_names_its_clause_in_both_languages(players):
    start = set_up(players["first"], players["second"])
    path = f"games/{start['id']}"
    version = start["version"]
    players["first"].ok(f"{path}/act", {"action": {"act": "turn", "side": "first", "hero": "張飛"}, "version": version})
    far = {"act": "move", "side": "first", "hero": "張飛", "path": ["d2", "d3", "d4", "d5", "d6", "d7"]}
    english = players["first"].post(f"{path}/act", {"action": far, "version": version + 1})
    assert english.status_code == 400 and english.json()["clause"] == "T6.2"
    assert "MOV" in english.json()["message"]
    chinese = players["first"].post(f"{path}/act", {"action": far, "version": version + 1}, language="zh-hant")
    assert chinese.json()["clause"] == "T6.2" and chinese.json()["message"] != english.json()["message"]
    assert TacticsGame.objects.get(pk=start["id"]).version == version + 1


def test_t13_4_a_player_resigns_and_loses_and_the_seed_is_revealed(players):
    start = set_up(players["first"], players["second"])
    path = f"games/{start['id']}"
    assert players["first"].get(path).json()["seed"] is None
    over = players["second"].ok(f"{path}/resign")
    assert over["result"] == {"outcome": "first", "reason": "resign"} and over["seed"] is not None
    assert over["actions"][-1] == {"act": "resign", "side": "second"}
    late = players["first"].post(f"{path}/act", {"action": {"act": "end"}, "version": over["version"]})
    assert late.status_code == 400 and late.json()["clause"] == "T13.4"


def test_w7_a_flag_that_fell_is_decided_by_the_next_act_or_read(players, clock):
    start = set_up(players["first"], players["second"], {"clock": {"initial_s": 60, "increment_s": 5}})
    path = f"games/{start['id']}"
    clock.shift(timedelta(seconds=30))
    turn = {"act": "turn", "side": "first", "hero": "呂布"}
    after = players["first"].ok(f"{path}/act", {"action": turn, "version": start["version"]})
    assert after["clocks"]["first"] == 35_000  # 60 s less 30 s, and 5 s for the action turn begun
    clock.shift(timedelta(seconds=36))
    late = players["first"].post(
        f"{path}/act", {"action": {"act": "end", "side": "first", "hero": "呂布"}, "version": after["version"]}
    )
    assert late.status_code == 400 and late.json()["clause"] == "T13.4"
    view = players["second"].get(path).json()
    assert view["result"] == {"outcome": "second", "reason": "flag"}
    assert view["actions"][-1] == {"act": "flag", "side": "first"}


def test_reads_cost_pinned_queries(players, django_assert_num_queries):
    start = set_up(players["first"], players["second"])
    path = f"games/{start['id']}"
    players["first"].get(path)  # the token's first use is written once
    with django_assert_num_queries(2):  # the token (its user joined), the game (its players joined)
        assert players["first"].get(path).status_code == 200
    with django_assert_num_queries(2):
        assert players["first"].get(f"{path}/legal").status_code == 200
    with django_assert_num_queries(2):
        assert players["second"].get(f"{path}/record").status_code == 200


def test_t13_3_w4_the_round_limit_decides_the_game_by_itself(players):
    """Round R ends with no base fallen: the bases' losses decide (here none: a draw), with no
    claim; the record writes the round limit after the last action turn."""
    start = set_up(players["first"], players["second"], {"round_limit": 1})
    path, view = f"games/{start['id']}", start
    while view["status"] == "playing":
        player = players[view["to_act"]]
        legal = player.get(f"{path}/legal").json()
        action = next(a for a in legal["actions"] if a["act"] in ("turn", "end"))
        view = player.ok(f"{path}/act", {"action": action, "version": legal["version"]})
    assert view["result"] == {"outcome": "draw", "reason": "round-limit"}
    assert view["actions"][-1] == {"act": "round-limit"} and view["state"]["round"] == 1


def test_an_accounts_games_are_listed_for_it_alone(players, django_assert_num_queries):
    start = set_up(players["first"], players["second"])
    players["second"].ok("challenge", {"opponent": "liubei"})
    players["first"].get("games")  # the token's first use is written once
    with django_assert_num_queries(2):  # the token, the games with their players
        listed = players["first"].get("games").json()
    assert [game["id"] for game in listed] == [start["id"] + 1, start["id"]]
    assert listed[0]["status"] == "challenged" and listed[0]["you"] == "second" and listed[1]["state"] is None
    assert Player("guojia").get("games").json() == []


def test_t2_3_t2_5_a_hero_both_sides_chose_is_picked_again_when_the_game_allows_none_on_both(players):
    first, second = players["first"], players["second"]
    game = first.ok("challenge", {"opponent": "caocao", "settings": {"duplicates_across_sides": False}})
    path = f"games/{game['id']}"
    second.ok(f"{path}/accept")
    first.ok(f"{path}/picks", {"heroes": SIDES_PICKS["first"]})
    same = [SIDES_PICKS["first"][0], *SIDES_PICKS["second"][1:]]
    clash = second.ok(f"{path}/picks", {"heroes": same})
    assert clash["status"] == "picking" and clash["clash"] == ["呂布"]
    assert clash["picks"] == {"first": {"submitted": False}, "second": {"submitted": False}}
    first.ok(f"{path}/picks", {"heroes": SIDES_PICKS["first"]})
    second.ok(f"{path}/picks", {"heroes": SIDES_PICKS["second"]})
    names = [pick["hero"] for pick in SIDES_PICKS["second"]]
    wrong = second.post(f"{path}/deploy", {"cells": dict(zip(names, ["c9", "c9", "d9"], strict=True))})
    assert wrong.status_code == 400 and wrong.json()["clause"] == "T2.5" and "出生點" in wrong.json()["message"]
    enemy_row = second.post(f"{path}/deploy", {"cells": dict(zip(names, CELLS["first"], strict=True))})
    assert enemy_row.json()["clause"] == "T2.5"


def test_t2_6_a_challenge_is_answered_by_the_challenged_and_withdrawn_by_the_challenger(players):
    first, second = players["first"], players["second"]
    path = f"games/{first.ok('challenge', {'opponent': 'caocao'})['id']}"
    assert first.post(f"{path}/accept").status_code == 403
    assert second.post(f"{path}/cancel").status_code == 403
    assert second.ok(f"{path}/decline")["status"] == "declined"
    assert first.post(f"{path}/cancel").json()["clause"] == "T13.4"
    path = f"games/{first.ok('challenge', {'opponent': 'caocao'})['id']}"
    assert first.ok(f"{path}/cancel")["status"] == "cancelled"
    assert second.post(f"{path}/accept").json()["clause"] == "T2.3"
    start = set_up(first, second)
    assert second.post(f"games/{start['id']}/cancel").json()["clause"] == "T13.4"  # resign instead


def _simultaneous(players: dict, ploy: dict) -> tuple[TacticsGame, dict]:
    """A game accepted, being picked; `ploy`: the war's settings it is played under (W6)."""
    from tactics.services.challenges import tactics_accept, tactics_challenge

    first, second = players["first"].user, players["second"].user
    game = tactics_challenge(user=first, opponent_name=second.username, settings={})
    tactics_accept(user=second, game_id=game.pk)
    TacticsGame.objects.filter(pk=game.pk).update(settings={**game.settings, **ploy})  # as a battle's game has it
    game.refresh_from_db()
    return game, {"first": first, "second": second}


def test_t2_3_t2_5_the_opponents_submission_meanwhile_does_not_make_a_sides_picks_or_deployment_stale(players):
    """Both sides pick, then deploy, at the same time (T2.3, T2.5): a side that sends its choice from
    the view it had, while the opponent's (a computer's, say) went in, is not refused as stale (T18.3)."""
    from tactics.services.setup import tactics_deploy, tactics_pick

    game, users = _simultaneous(players, {})
    seen = game.version  # both pages show the picking at this version
    for side in ("second", "first"):  # the second's picks go in first; the first's frame left before
        tactics_pick(user=users[side], game_id=game.pk, picks={"heroes": SIDES_PICKS[side]}, expected_version=seen)
    game.refresh_from_db()
    assert game.status == "deploying" and game.picks["first"]["heroes"] == SIDES_PICKS["first"]
    seen = game.version
    for side in ("second", "first"):
        names = [pick["hero"] for pick in SIDES_PICKS[side]]
        cells = dict(zip(names, CELLS[side], strict=True))
        tactics_deploy(user=users[side], game_id=game.pk, cells=cells, expected_version=seen)
    game.refresh_from_db()
    first = dict(zip([pick["hero"] for pick in SIDES_PICKS["first"]], CELLS["first"], strict=True))
    assert game.status == "playing" and game.deployments["first"] == first


def test_t18_3_w6_a_side_that_must_see_the_open_sides_picks_first_is_still_refused_from_an_older_view(players):
    """Under the confusion ploy (W6) the second side picks having seen the first's open picks: a
    frame sent from the view before them is stale (T18.3) and changes nothing."""
    from campaign.errors import Stale
    from tactics.services.setup import tactics_pick

    game, users = _simultaneous(players, {"picks": "open-first"})
    seen = game.version
    tactics_pick(user=users["first"], game_id=game.pk, picks={"heroes": SIDES_PICKS["first"]}, expected_version=seen)
    with pytest.raises(Stale) as refused:
        tactics_pick(
            user=users["second"], game_id=game.pk, picks={"heroes": SIDES_PICKS["second"]}, expected_version=seen
        )
    assert refused.value.clause == "T18.3"
    game.refresh_from_db()
    assert "second" not in game.picks and game.status == "picking"
