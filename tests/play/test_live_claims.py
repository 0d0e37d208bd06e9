"""Repetition is a claim in a game played live (R11.3), not an end the board decides: the player
entitled to claim may, until their own next move, and the site rules at once (a draw, or the
perpetual offender loses); nobody claims and play goes on; the game ends by itself only when a
position stands the campaign's `live_repetition_limit` times. In chess, FIDE's claims
(threefold repetition, fifty moves) are claimed the same way; fivefold repetition ends the game
by itself."""

import pytest
from django.utils import translation

from campaign.errors import NotAllowed, RuleViolation
from play.models import Game
from play.selectors.live import live_state
from play.services.live import live_move, side_to_move
from play.services.live_claims import live_claim
from tests.play.claims_corpus import FIFTY_MOVES, PERPETUAL_CHECK_BY_RED, PERPETUAL_CHECKED_THEN_MATED, SHUFFLE
from tests.play.test_live import ready
from tests.play.test_records import pending_game
from tests.worlds import make_world

PLAYERS = {"attacker": "許褚", "defender": "魏延"}


def played(world, game, moves):
    """`moves` played on the site in turn from the game's current ply, nobody claiming."""
    for move in moves:
        game = live_move(actor=world[PLAYERS[side_to_move(game)]], game=game, move=move, ply=len(game.moves))
    return game


def claimable(game) -> dict | None:
    return live_state(game_id=game.pk, user_id=None, language="en")["claimable"]


def refused_and_unchanged(world, game, side: str) -> None:
    with pytest.raises(RuleViolation) as refusal:
        live_claim(actor=world[PLAYERS[side]], game=game)
    assert refusal.value.clause == "R11.3"
    again = Game.objects.get(pk=game.pk)
    assert (again.status, again.moves) == (Game.Status.PENDING, game.moves)


@pytest.mark.django_db
@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_r11_3_a_position_standing_a_third_time_either_player_claims_a_draw(world, clock, side):
    game = played(world, ready(world, pending_game(world, clock)), SHUFFLE * 2)
    draw = {"kind": "repetition", "result": "draw"}
    assert claimable(game) == {"attacker": draw, "defender": draw}  # the side to move, and the side that just moved
    game = live_claim(actor=world[PLAYERS[side]], game=game)
    assert (game.status, game.result, game.termination) == ("decided", "draw", "repetition_claimed")
    with translation.override("en"):
        assert game.how == "repetition claimed: a draw"


@pytest.mark.django_db
def test_r11_3_too_early_a_position_that_stood_twice_gives_no_claim(world, clock):
    game = played(world, ready(world, pending_game(world, clock)), SHUFFLE + SHUFFLE[:3])
    assert claimable(game) is None
    for side in PLAYERS:
        refused_and_unchanged(world, game, side)


@pytest.mark.django_db
def test_r11_3_too_late_a_claim_lapses_with_the_claimants_next_move(world, clock):
    game = played(world, ready(world, pending_game(world, clock)), [*SHUFFLE * 2, "h2e2"])
    # Red moved on: its right is gone; black, who made the third occurrence, keeps it until it moves.
    assert claimable(game) == {"defender": {"kind": "repetition", "result": "draw"}}
    refused_and_unchanged(world, game, "attacker")
    game = played(world, game, ["b9c7"])
    assert claimable(game) is None
    refused_and_unchanged(world, game, "defender")
    assert played(world, game, ["h0g2"]).status == Game.Status.PENDING  # the game goes on


@pytest.mark.django_db
def test_r11_3_a_perpetual_check_is_claimed_by_its_victim_and_the_offender_loses(world, clock):
    moves, third = PERPETUAL_CHECK_BY_RED
    game = played(world, ready(world, pending_game(world, clock)), moves[:third])
    assert claimable(game) == {"defender": {"kind": "perpetual", "result": "defender"}}
    refused_and_unchanged(world, game, "attacker")  # the wrong player: the offender claims nothing
    with pytest.raises(NotAllowed):  # nor does anyone who does not play the game
        live_claim(actor=world["張飛"], game=game)
    game = live_claim(actor=world["魏延"], game=game)
    assert (game.status, game.result, game.termination) == ("decided", "defender", "perpetual_claimed")


@pytest.mark.django_db
def test_r11_3_a_claim_made_twice_is_refused_the_second_time(world, clock):
    game = played(world, ready(world, pending_game(world, clock)), SHUFFLE * 2)
    live_claim(actor=world["魏延"], game=game)
    with pytest.raises(RuleViolation):
        live_claim(actor=world["許褚"], game=game)
    with pytest.raises(RuleViolation):
        live_claim(actor=world["魏延"], game=game)
    assert Game.objects.get(pk=game.pk).termination == "repetition_claimed"


@pytest.mark.django_db
def test_r11_3_nobody_claims_and_play_goes_on_until_the_campaigns_count(world, clock):
    game = played(world, ready(world, pending_game(world, clock)), SHUFFLE * 3)  # the start, a fourth time
    assert game.status == Game.Status.PENDING, "15 by default: a count real games do not reach"
    campaign = world.campaign
    campaign.live_repetition_limit = 5
    campaign.save(update_fields=["live_repetition_limit"])
    game = played(world, Game.objects.get(pk=game.pk), SHUFFLE)  # a fifth time: the game ends by itself
    assert (game.status, game.result, game.termination) == ("decided", "draw", "repetition")


@pytest.mark.django_db
def test_r11_3_the_automatic_end_rules_a_perpetual_against_its_offender(world, clock):
    campaign = world.campaign
    campaign.live_repetition_limit = 3
    campaign.save(update_fields=["live_repetition_limit"])
    moves, third = PERPETUAL_CHECK_BY_RED
    game = played(world, ready(world, pending_game(world, clock)), moves[:third])
    assert (game.status, game.result, game.termination) == ("decided", "defender", "perpetual")


@pytest.mark.django_db
def test_r11_3_a_real_game_with_a_perpetual_nobody_claims_runs_live_to_its_mate(world, clock):
    """A master game (0-1): red checked perpetually until a position stood a third time after
    ply 80; nobody claimed, black played on and mated red at ply 132."""
    moves, third = PERPETUAL_CHECKED_THEN_MATED
    game = played(world, ready(world, pending_game(world, clock)), moves[:third])
    assert game.status == Game.Status.PENDING and claimable(game) == {
        "defender": {"kind": "perpetual", "result": "defender"}
    }
    game = played(world, game, moves[third:])
    assert (game.status, game.result, game.termination, len(game.moves)) == ("decided", "defender", "checkmate", 132)


def chess_game(clock):
    world = make_world(battle_game="chess")
    return world, ready(world, pending_game(world, clock))


CHESS_SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


@pytest.mark.django_db
@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_fide_9_2_threefold_repetition_is_claimed_by_either_player(clock, side):
    world, game = chess_game(clock)
    game = played(world, game, CHESS_SHUFFLE + CHESS_SHUFFLE[:3])
    refused_and_unchanged(world, game, side)  # twice only
    game = played(world, game, CHESS_SHUFFLE[3:])
    assert claimable(game) == {s: {"kind": "repetition", "result": "draw"} for s in PLAYERS}
    game = live_claim(actor=world[PLAYERS[side]], game=game)
    assert (game.status, game.result, game.termination) == ("decided", "draw", "repetition_claimed")


@pytest.mark.django_db
def test_fide_9_3_fifty_moves_without_capture_or_pawn_move_are_claimed(clock):
    world, game = chess_game(clock)
    game = played(world, game, FIFTY_MOVES[:-1])
    assert claimable(game) is None  # 99 plies without a capture or a pawn move: not yet
    refused_and_unchanged(world, game, "defender")
    game = played(world, game, FIFTY_MOVES[-1:])
    assert claimable(game) == {s: {"kind": "fifty_moves", "result": "draw"} for s in PLAYERS}
    game = live_claim(actor=world["許褚"], game=game)
    assert (game.status, game.result, game.termination) == ("decided", "draw", "fifty_moves_claimed")


@pytest.mark.django_db
def test_fide_9_6_fivefold_repetition_ends_the_game_by_itself(clock):
    world, game = chess_game(clock)
    game = played(world, game, CHESS_SHUFFLE * 4)  # the start, a fifth time
    assert (game.status, game.result, game.termination) == ("decided", "draw", "repetition")


@pytest.mark.django_db
def test_r11_3_a_flag_that_fell_before_the_claim_decides_first(world, clock):
    from datetime import timedelta

    game = played(world, ready(world, pending_game(world, clock)), SHUFFLE * 2)
    clock.shift(timedelta(minutes=16))  # red, to move, ran out of its 15 minutes
    game = live_claim(actor=world["魏延"], game=game)
    assert (game.status, game.result, game.termination) == ("decided", "defender", "time")
