"""A game against the computer started from the game room and played to its end with the real
Celery worker thinking for the computer (bots/services/practice.py, bots/tasks.py; T2.3–T2.6,
T13, W4): the level chosen on the form is the one that plays, the settings (§T15) and side
(T2.1) are the player's, and the game decides itself by its round limit or a base. A xiangqi game
to the computer (R11.3) is accepted and answered in the worker the same way."""

import random

import pytest
from django.test import Client

from bots.services.accounts import bot_accounts_ensure
from friendly.models import FriendlyGame
from friendly.services.play import friendly_move
from games.live import legal_moves
from tactics.models import TacticsGame
from tactics.selectors import tactics_record
from tests.tactics.bots import CELLS, SIDES_PICKS, Player, choose
from tests.workers import wait_for


def _status(game_id: int, *wanted: str):
    return TacticsGame.objects.filter(pk=game_id, status__in=wanted).first()


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_t2_6_t13_the_computer_chosen_on_the_room_page_plays_its_game_in_the_worker_to_the_end(start_worker):
    worker = start_worker(beat=False)
    bot_accounts_ensure()
    human = Player("liubei")
    page = Client()
    page.force_login(human.user)
    form = {"level": "mcts", "side": "second", "heroes_per_side": "1", "round_limit": "2"}
    form["duplicates_across_sides"] = "on"  # as the form's box is ticked: no clash of picks to re-pick (T2.3)
    assert page.post("/room/computer/", form).status_code == 302
    game = TacticsGame.objects.get()
    assert game.opponent.username == "computer-medium" and game.opponent.bot.tactics_level == "mcts"
    path = f"games/{game.pk}"
    wait_for(lambda: _status(game.pk, "picking"), 30, "the computer to accept", worker)
    human.ok(f"{path}/picks", {"heroes": SIDES_PICKS["second"][:1]})
    wait_for(lambda: _status(game.pk, "deploying"), 30, "the computer's picks", worker)
    human.ok(f"{path}/deploy", {"cells": {SIDES_PICKS["second"][0]["hero"]: CELLS["second"][0]}})
    wait_for(lambda: _status(game.pk, "playing", "decided"), 30, "the computer's deployment", worker)
    rng = random.Random(5)

    def ours_or_over():
        view = human.get(path).json()
        return view if view["status"] == "decided" or view["to_act"] == "second" else None

    for _ in range(200):
        view = wait_for(ours_or_over, 60, "the computer to act", worker)
        if view["status"] == "decided":
            break
        legal = human.get(f"{path}/legal").json()
        human.ok(f"{path}/act", {"action": choose(rng, legal["actions"], "second"), "version": legal["version"]})
    decided = TacticsGame.objects.get(pk=game.pk)
    assert decided.status == "decided" and decided.reason in ("base", "bases", "round-limit")
    record = tactics_record(decided)
    assert record["sides"]["first"]["player"] == "computer-medium"  # the player chose second (T2.1)
    assert any(a.get("side") == "first" and a["act"] != "turn" for a in record["actions"])


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_r11_3_a_xiangqi_game_against_the_computer_from_the_room_is_accepted_and_answered_in_the_worker(
    start_worker,
):
    worker = start_worker(beat=False)
    bot_accounts_ensure()
    human = Player("liubei")
    page = Client()
    page.force_login(human.user)
    form = {"kind": "xiangqi", "level": "random", "side": "first", "base_minutes": "5", "increment_s": "0"}
    answer = page.post("/room/computer/", form)
    game = FriendlyGame.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/room/games/{game.pk}/"
    wait_for(lambda: FriendlyGame.objects.filter(pk=game.pk, status="playing").first(), 30, "it to accept", worker)
    friendly_move(user=human.user, game_id=game.pk, move="炮二平五", ply=0)  # red: the player's (R11.2)
    answered = wait_for(
        lambda: next((g for g in FriendlyGame.objects.filter(pk=game.pk) if len(g.moves) >= 2), None),
        30,
        "the computer's answer",
        worker,
    )
    assert answered.second.username == "computer-beginner" and answered.second.bot.engine_level == 1
    assert answered.moves[1] in legal_moves("xiangqi", answered.moves[:1])
