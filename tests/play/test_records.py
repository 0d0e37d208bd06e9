"""R11.3 with the war: a game reported with its record is judged and moves the battle."""

import pytest

from battles.services.siege import siege_call, siege_call_answer
from campaign.errors import NotAllowed, RuleViolation
from games import judge
from play.models import Game
from play.services.records import (
    game_claim_answer,
    game_report,
    record_decode,
)
from play.services.results import game_result_enter
from tests.games.test_xiangqi import MATE_FROM_START
from tests.worlds import besiege, make_world

ARMY = [("徐晃", "marshal"), ("許褚", "general")]
# Red mates from the standard start (R11.3: the board ends it; reported, it is a claim): tests/games/test_xiangqi.py.
MATE = MATE_FROM_START
MATE_MOVES = judge("xiangqi", MATE).moves


def pending_game(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])
    return siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])


def report_confirmed(world, game: Game, text: str, reporter: str = "許褚", **claimed) -> Game:
    """R11.3: a record reported by a player and confirmed by the opponent (a mate too: a reported
    record is a claim whatever its ending, tests/play/test_claims.py)."""
    game = game_report(actor=world[reporter], game=game, text=text, **claimed)
    opponent = game.defender if game.reported_by_id == game.attacker_id else game.attacker
    return game_claim_answer(actor=opponent, game=game, confirm=True, claim=game.claim_token())


def test_r11_3_a_record_ending_in_mate_once_confirmed_decides_the_game(world, clock):
    game = pending_game(world, clock)
    game = report_confirmed(world, game, MATE)
    assert game.status == Game.Status.DECIDED and game.result == "attacker", "the attacker moved first: red won"
    assert world.city("漢中").wall == 490, "R6.2 applied in the same transaction"
    assert Game.objects.get(pk=game.pk).moves == MATE_MOVES and Game.objects.get(pk=game.pk).record == MATE


def test_r11_3_a_claim_that_contradicts_the_board_is_refused(world, clock):
    game = pending_game(world, clock)
    with pytest.raises(RuleViolation) as err:
        game_report(actor=world["魏延"], game=game, text=MATE, claimed="defender")
    assert err.value.clause == "R11.3"
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING and world.city("漢中").wall == 500


def test_r11_3_an_illegal_record_names_the_move_and_changes_nothing(world, clock):
    game = pending_game(world, clock)
    with pytest.raises(RuleViolation) as err:
        game_report(actor=world["許褚"], game=game, text="炮二平五 馬８進７ 炮五進五", claimed="attacker")
    assert "3" in str(err.value.message) and "炮五進五" in str(err.value.message)
    assert Game.objects.get(pk=game.pk).record == ""


def test_r11_3_a_resignation_is_a_claim_the_opponent_confirms(world, clock):
    game = pending_game(world, clock)
    game = game_report(actor=world["許褚"], game=game, text="炮二平五 馬８進７", claimed="attacker")
    assert game.status == Game.Status.PENDING and game.claim_status == "claimed"
    with pytest.raises(NotAllowed):
        game_claim_answer(actor=world["許褚"], game=game, confirm=True, claim=game.claim_token())
    game = game_claim_answer(actor=world["魏延"], game=game, confirm=True, claim=game.claim_token())
    assert game.result == "attacker" and world.city("漢中").wall == 490


def test_r11_3_a_disputed_claim_goes_to_the_authority(world, clock):
    game = pending_game(world, clock)
    game = game_report(actor=world["許褚"], game=game, text="炮二平五 馬８進７", claimed="attacker")
    game = game_claim_answer(actor=world["魏延"], game=game, confirm=False, claim=game.claim_token())
    assert game.claim_status == "disputed" and game.status == Game.Status.PENDING
    game = game_result_enter(user=world["孫權"].user, game=game, result="draw", note="both flags fell")
    assert game.result == "draw"


def test_r11_3_only_players_report_and_a_decided_game_takes_no_record(world, clock):
    game = pending_game(world, clock)
    with pytest.raises(NotAllowed):
        game_report(actor=world["徐晃"], game=game, text=MATE)
    game_report(actor=world["許褚"], game=game, text=MATE)
    with pytest.raises(RuleViolation):
        game_report(actor=world["許褚"], game=game, text=MATE)


def test_r11_1_a_campaign_may_choose_western_chess(clock, db):
    world = make_world(battle_game="chess")
    game = pending_game(world, clock)
    assert game.game_kind == "chess"
    game = report_confirmed(world, game, "1. f3 e5 2. g4 Qh4#")
    assert game.result == "defender", "black (the defender, moving second) mated"


def test_bad_encodings_are_read_or_refused_clearly():
    text = "炮二平五 馬８進７"
    for encoding in ("utf-8", "utf-8-sig", "gb18030", "big5"):
        assert record_decode(text.encode(encoding)) == text, encoding
    with pytest.raises(RuleViolation):
        record_decode(b"x" * 300_000)


def test_r11_2_the_side_with_the_first_move_plays_red(world, clock):
    from play.services.records import colours

    game = pending_game(world, clock)
    assert colours(game) == {"attacker": "red", "defender": "black"}, "R6.1: the attacker moves first in a siege"
    game.attacker_moves_first = False  # a pursuit game: the pursuers (defenders) move first (R8.2)
    assert colours(game) == {"attacker": "black", "defender": "red"}


def test_r11_6_a_game_keeps_who_played_where_when_and_how(world, clock):
    game = pending_game(world, clock)
    report_confirmed(world, game, MATE)
    game = Game.objects.select_related("attacker", "defender", "siege").get(pk=game.pk)
    assert (game.attacker.name, game.defender.name, game.siege.city.name) == ("許褚", "魏延", "漢中")
    assert game.started_at is not None and game.record == MATE and game.moves == MATE_MOVES
    assert (game.result, game.termination, game.reported_by.name) == ("attacker", "checkmate", "許褚")
    assert (game.favoured, game.extra_moves, game.restricted) == ("", 0, "")


def test_r7_4_a_reported_start_outside_the_hours_needs_both_players_agreement(world, clock):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from play.services.records import game_agree_off_hours

    game = pending_game(world, clock)
    night = datetime(2026, 5, 1, 7, 30, tzinfo=ZoneInfo("Asia/Taipei"))  # before 09:00
    with pytest.raises(RuleViolation) as err:
        game_report(actor=world["許褚"], game=game, text=MATE, started_at=night)
    assert err.value.clause == "R7.4" and Game.objects.get(pk=game.pk).status == Game.Status.PENDING
    game_agree_off_hours(actor=world["許褚"], game=game)
    with pytest.raises(RuleViolation):
        game_report(actor=world["許褚"], game=game, text=MATE, started_at=night)
    game_agree_off_hours(actor=world["魏延"], game=game)
    game = game_report(actor=world["許褚"], game=game, text=MATE, started_at=night)
    assert game.claim_status == "claimed" and Game.objects.get(pk=game.pk).started_at == night


def test_r11_3_the_board_gets_the_battle_report_with_a_link_to_the_game(world, clock):
    from django.urls import reverse

    from forum.models import Post

    game = pending_game(world, clock)
    report_confirmed(world, game, MATE)
    post = Post.objects.get(event_key=f"game:{game.pk}:result")
    assert post.thread.board.city.name == "漢中"
    assert reverse("game", args=[world.campaign.slug, game.pk]) in post.html


def test_r11_3_a_record_ending_in_a_repetition_is_a_claim_the_opponent_confirms(world, clock):
    shuffle = "h0g2 h9g7 g2h0 g7h9 " * 2
    game = pending_game(world, clock)
    with pytest.raises(RuleViolation) as refusal:  # the board does not decide it: say the result
        game_report(actor=world["許褚"], game=game, text=shuffle)
    assert refusal.value.clause == "R11.3"
    game = game_report(actor=world["許褚"], game=game, text=shuffle, claimed="draw")
    assert (game.status, game.claim_status, game.claimed_result) == (Game.Status.PENDING, "claimed", "draw")
