"""The computer as a hero tactics opponent (bots/, docs/tactics.md "Playing the computer"): a
player challenges its account and the real Celery worker accepts, picks, deploys and acts for it
after each change (T2.3–T2.6), until the game decides itself (W4); a turn thought out on a version
the game has since left is dropped, nothing applied (T18.3)."""

import random

import pytest

from bots.services.accounts import bot_create
from bots.services.tactics import bot_tactics_turn
from games.tactics.replay import replay
from tactics.models import TacticsGame
from tactics.selectors import tactics_record
from tactics.services.challenges import tactics_challenge
from tactics.services.setup import tactics_pick
from tests.tactics.bots import CELLS, SIDES_PICKS, Player, choose
from tests.workers import wait_for

SETTINGS = {"heroes_per_side": 1, "round_limit": 4, "duplicates_across_sides": True}  # no clash to re-pick (T2.3)


def _status(game_id: int, *wanted: str):
    return TacticsGame.objects.filter(pk=game_id, status__in=wanted).first()


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_t2_6_w4_the_computer_accepts_picks_deploys_and_plays_its_game_in_the_worker(start_worker):
    worker = start_worker(beat=False)
    bot = bot_create(username="computer", tactics_level="greedy")
    human = Player("liubei")
    game = human.ok("challenge", {"opponent": "Computer", "settings": SETTINGS})
    path = f"games/{game['id']}"
    wait_for(lambda: _status(game["id"], "picking"), 30, "the computer to accept", worker)
    human.ok(f"{path}/picks", {"heroes": SIDES_PICKS["first"][:1]})
    wait_for(lambda: _status(game["id"], "deploying"), 30, "the computer's picks", worker)
    human.ok(f"{path}/deploy", {"cells": {SIDES_PICKS["first"][0]["hero"]: CELLS["first"][0]}})
    wait_for(lambda: _status(game["id"], "playing", "decided"), 30, "the computer's deployment", worker)
    rng = random.Random(4)

    def ours_or_over():
        view = human.get(path).json()
        return view if view["status"] == "decided" or view["to_act"] == "first" else None

    for _ in range(400):
        view = wait_for(ours_or_over, 60, "the computer to act", worker)
        if view["status"] == "decided":
            break
        legal = human.get(f"{path}/legal").json()
        human.ok(f"{path}/act", {"action": choose(rng, legal["actions"], "first"), "version": legal["version"]})
    decided = TacticsGame.objects.get(pk=game["id"])
    assert decided.status == "decided" and decided.reason in ("base", "bases", "round-limit")
    record = tactics_record(decided)
    assert any(a.get("side") == "second" and a["act"] != "turn" for a in record["actions"])  # it acted
    assert record["sides"]["second"]["player"] == bot.user.username
    assert replay(record)["result"] == {"outcome": decided.outcome, "reason": decided.reason}  # T18.3


@pytest.mark.django_db
def test_t18_3_the_computers_turn_on_a_version_since_moved_is_dropped():
    bot_create(username="computer", tactics_level="greedy")
    human = Player("liubei").user
    game = tactics_challenge(user=human, opponent_name="computer", settings=SETTINGS)
    assert bot_tactics_turn(game_id=game.pk, version=game.version) == "accepted"
    game.refresh_from_db()
    seen = game.version
    tactics_pick(user=human, game_id=game.pk, picks={"heroes": SIDES_PICKS["first"][:1]}, expected_version=seen)
    assert bot_tactics_turn(game_id=game.pk, version=seen) == "stale"  # the human picked meanwhile
    game.refresh_from_db()
    assert "second" not in game.picks and game.version == seen + 1
    assert bot_tactics_turn(game_id=game.pk, version=game.version) == "picked"
    game.refresh_from_db()
    assert game.status == "deploying" and len(game.picks["second"]["heroes"]) == 1
    assert bot_tactics_turn(game_id=game.pk, version=game.version) == "deployed"
