"""R11.3 in the terminal: a reported mate is a claim its opponent sees and answers there as on the
game's page. From the duties list (the claim's duty, with the time it stands at) Enter opens the
answer's form; the game's replay shows the claim, and its `a` opens the same form for the
opponent only."""

import pytest
from django.utils import translation

from battles.models import LedgerEntry
from gamescreens.games.reading import replay_read
from ops.demo import DEMO_PASSWORD
from play.models import Game
from play.services.records import game_report
from tests.bbs.acts_steps import english, open_menu_line, pick, wait_for_row
from tests.bbs.test_games_list import besieging, siege_game, war_world
from tests.play.test_records import MATE, pending_game
from tests.worlds import make_world


def reported_mate():
    world = war_world()
    game = game_report(actor=world["許褚"], game=siege_game(world, besieging(world)), text=MATE)
    return world, game


def test_r11_3_the_opponent_confirms_a_reported_mate_from_the_duties_list(bbs, transactional_db):
    world, game = reported_mate()
    english(world, "魏延")
    terminal = bbs.connect("weiyan", DEMO_PASSWORD)
    open_menu_line(terminal, "Duties —", "What (most urgent first)")
    terminal.type(wait_for_row(terminal, "許褚 reported the result of your game"), "enter", "enter")
    shown = terminal.wait_for("[ Send ]")
    assert "許褚 reported the record of 許褚–魏延 and claims: attacker won (checkmate)" in shown
    assert "Unanswered, it stands at" in shown
    assert world.city("漢中").wall == 500
    terminal.type("ctrl-x")  # nothing chosen: refused with the rule, nothing changes
    terminal.wait_for("Choose to confirm the claim or to dispute it.")
    assert Game.objects.get(pk=game.pk).claim_status == "claimed"
    pick(terminal, "Answer", "Confirm: it is the game we played")
    terminal.type("ctrl-x")
    terminal.wait_for("The claim is confirmed: the result is applied.")
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.claim_status) == (Game.Status.DECIDED, "attacker", "confirmed")
    assert LedgerEntry.objects.filter(key=f"game:{game.pk}:wall").count() == 1 and world.city("漢中").wall == 490


@pytest.mark.django_db
def test_r11_3_the_replay_shows_the_claim_and_offers_its_answer_to_the_opponent_only(clock):
    """What the replay screen draws (its `a` opens the duty's form): read as the screen reads it."""
    world = make_world()
    game = game_report(actor=world["許褚"], game=pending_game(world, clock), text=MATE)
    with translation.override("en"):
        mine = replay_read(campaign=world.campaign, game_id=game.pk, user=world["許褚"].user)
        theirs = replay_read(campaign=world.campaign, game_id=game.pk, user=world["魏延"].user)
    assert mine.claim.startswith("claim: attacker won, awaiting the opponent's confirmation · unanswered, it stands at")
    assert theirs.claim == mine.claim and (mine.answers, theirs.answers) == (False, True)
