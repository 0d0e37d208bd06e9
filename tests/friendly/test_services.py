"""Friendly games through their services (friendly/services/): challenged and accepted (the game
starts with its time control), each move judged as the war's live games are (R11.3 legality and
results, xiangqi's repetition, chess's mate; dark chess by R11.7 with the site dealing and
flipping), the clocks, resignation, draws and claims; a refusal names its clause and changes
nothing; no war effect."""

from datetime import timedelta

import pytest

from campaign.errors import NotAllowed, RuleViolation, Stale
from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_accept, friendly_cancel, friendly_challenge, friendly_decline
from friendly.services.clock import friendly_flag_check, friendly_settled
from friendly.services.play import friendly_claim, friendly_draw, friendly_move, friendly_resign
from games.banqi import layout_hash
from tests.friendly.helpers import account, started
from tests.play.test_records import MATE_MOVES

pytestmark = pytest.mark.django_db

FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]
SHUFFLE = ["h0g2", "h9g7", "g2h0", "g7h9"]


def play_all(game, moves):
    players = {"first": game.first, "second": game.second}
    for ply, move in enumerate(moves):
        side = "first" if ply % 2 == 0 else "second"
        game = friendly_move(user=players[side], game_id=game.pk, move=move, ply=ply)
    return game


def test_r11_2_a_challenge_accepted_starts_the_game_with_its_time_control_and_sides():
    liubei, caocao = account("liubei"), account("caocao")
    game = friendly_challenge(
        user=liubei, opponent_name="CaoCao", kind="chess", settings={"base_minutes": 3, "increment_s": 2}, side="second"
    )
    assert game.status == FriendlyGame.Status.CHALLENGED and game.first_left_ms == 0
    game = friendly_accept(user=caocao, game_id=game.pk)
    assert (game.first, game.second, game.status) == (caocao, liubei, FriendlyGame.Status.PLAYING)
    assert (game.first_left_ms, game.second_left_ms, game.increment_s) == (180_000, 180_000, 2)
    assert game.flag_at == game.turn_since + timedelta(minutes=3)


def test_r11_3_the_default_time_control_is_ten_minutes_and_five_seconds_and_bounds_are_refused():
    liubei = account("liubei")
    account("caocao")
    game = friendly_challenge(user=liubei, opponent_name="caocao", kind="xiangqi", settings={})
    assert (game.base_s, game.increment_s) == (600, 5)
    for settings in ({"base_minutes": 0}, {"base_minutes": 181}, {"increment_s": 61}, {"base_minutes": "ten"}):
        with pytest.raises(RuleViolation) as refused:
            friendly_challenge(user=liubei, opponent_name="caocao", kind="xiangqi", settings=settings)
        assert refused.value.clause == "R11.3"
    with pytest.raises(RuleViolation) as kind:
        friendly_challenge(user=liubei, opponent_name="caocao", kind="go", settings={})
    assert kind.value.clause == "R11.1"
    assert FriendlyGame.objects.count() == 1


def test_t2_6_a_challenge_names_another_account_and_only_the_challenged_answers():
    liubei, caocao, sunquan = account("liubei"), account("caocao"), account("sunquan")
    for name in ("", "nobody", "LIUBEI"):
        with pytest.raises(RuleViolation) as refused:
            friendly_challenge(user=liubei, opponent_name=name, kind="chess")
        assert refused.value.clause == "T2.6"
    game = friendly_challenge(user=liubei, opponent_name="caocao", kind="chess")
    for user in (liubei, sunquan):
        with pytest.raises(NotAllowed):
            friendly_accept(user=user, game_id=game.pk)
    with pytest.raises(NotAllowed):
        friendly_cancel(user=caocao, game_id=game.pk)
    friendly_decline(user=caocao, game_id=game.pk)
    with pytest.raises(RuleViolation) as late:
        friendly_accept(user=caocao, game_id=game.pk)
    assert late.value.clause == "T2.3"
    other = friendly_challenge(user=liubei, opponent_name="caocao", kind="chess")
    assert friendly_cancel(user=liubei, game_id=other.pk).status == FriendlyGame.Status.CANCELLED


def test_r11_3_fools_mate_decides_a_chess_game_for_black():
    game = play_all(started("chess", account("liubei"), account("caocao")), FOOLS_MATE)
    assert (game.status, game.result, game.termination) == (FriendlyGame.Status.DECIDED, "second", "checkmate")
    assert game.flag_at is None


def test_r11_3_a_xiangqi_mate_decides_the_game_for_red():
    game = play_all(started("xiangqi", account("liubei"), account("caocao")), MATE_MOVES)
    assert (game.status, game.result, game.termination) == (FriendlyGame.Status.DECIDED, "first", "checkmate")
    assert len(game.moves) == 15


def test_r11_3_an_illegal_move_is_refused_naming_its_number_and_changes_nothing():
    game = started("xiangqi", account("liubei"), account("caocao"))
    with pytest.raises(RuleViolation) as refused:
        friendly_move(user=game.first, game_id=game.pk, move="a0a5", ply=0)  # the rook jumps its soldier
    assert refused.value.clause == "R11.3" and "1" in refused.value.refusal
    game.refresh_from_db()
    assert game.moves == [] and game.status == FriendlyGame.Status.PLAYING


def test_r11_3_only_the_players_move_in_turn_and_a_stale_move_is_refused():
    game = started("chess", account("liubei"), account("caocao"))
    with pytest.raises(NotAllowed):
        friendly_move(user=account("sunquan"), game_id=game.pk, move="e2e4", ply=0)
    with pytest.raises(RuleViolation) as turn:
        friendly_move(user=game.second, game_id=game.pk, move="e7e5", ply=0)
    assert turn.value.clause == "R11.3"
    friendly_move(user=game.first, game_id=game.pk, move="e4", ply=0)
    with pytest.raises(Stale):
        friendly_move(user=game.first, game_id=game.pk, move="d2d4", ply=0)
    game.refresh_from_db()
    assert game.moves == ["e2e4"]


def test_r11_3_a_move_adds_the_increment_and_the_flag_moves_to_the_other_clock(clock):
    game = started("chess", account("liubei"), account("caocao"), {"base_minutes": 1, "increment_s": 3})
    clock.shift(timedelta(seconds=10))
    game = friendly_move(user=game.first, game_id=game.pk, move="e2e4", ply=0)
    assert game.first_left_ms == 60_000 - 10_000 + 3_000
    assert game.flag_at == game.turn_since + timedelta(seconds=60)


def test_r11_3_a_fallen_flag_loses_on_time_once_and_a_late_move_is_refused(clock):
    game = started("chess", account("liubei"), account("caocao"), {"base_minutes": 1})
    clock.shift(timedelta(seconds=61))
    with pytest.raises(RuleViolation):
        friendly_move(user=game.first, game_id=game.pk, move="e2e4", ply=0)
    game.refresh_from_db()
    assert (game.status, game.result, game.termination, game.first_left_ms) == ("decided", "second", "time", 0)
    assert friendly_flag_check(game_id=game.pk) is False  # idempotent: a repeated message changes nothing


def test_r11_3_a_read_decides_a_fallen_flag(clock):
    game = started("xiangqi", account("liubei"), account("caocao"), {"base_minutes": 1})
    clock.shift(timedelta(seconds=60))
    assert friendly_settled(FriendlyGame.objects.get(pk=game.pk)).result == "second"


def test_r11_3_resignation_and_an_agreed_draw_end_the_game():
    game = started("chess", account("liubei"), account("caocao"))
    assert friendly_resign(user=game.first, game_id=game.pk).result == "second"
    game = started("xiangqi", account("zhangfei"), account("guanyu"))
    friendly_draw(user=game.first, game_id=game.pk)
    game = friendly_move(user=game.first, game_id=game.pk, move="h2e2", ply=0)
    assert game.draw_offered_by == ""  # a move declines it
    friendly_draw(user=game.second, game_id=game.pk)
    game = friendly_draw(user=game.first, game_id=game.pk)
    assert (game.status, game.result, game.termination) == ("decided", "draw", "agreement")
    with pytest.raises(RuleViolation):
        friendly_resign(user=game.first, game_id=game.pk)


def test_r11_3_a_repetition_is_claimed_by_the_player_entitled_to_it_and_not_before():
    game = play_all(started("xiangqi", account("liubei"), account("caocao")), SHUFFLE + SHUFFLE[:3])
    with pytest.raises(RuleViolation) as early:  # the position stood twice: no claim yet
        friendly_claim(user=game.second, game_id=game.pk)
    assert early.value.clause == "R11.3" and FriendlyGame.objects.get(pk=game.pk).status == "playing"
    game = friendly_move(user=game.second, game_id=game.pk, move=SHUFFLE[3], ply=7)
    game = friendly_claim(user=game.first, game_id=game.pk)
    assert (game.status, game.result, game.termination) == ("decided", "draw", "repetition_claimed")


def test_r11_7_dark_chess_is_dealt_secretly_and_the_site_flips_the_pieces():
    game = started("banqi", account("liubei"), account("caocao"))
    assert sorted(game.layout) == sorted("KAAEERRHHCCPPPPP" + "kaaeerrhhccppppp")
    assert game.layout_hash == layout_hash(game.layout, game.salt)
    game = friendly_move(user=game.first, game_id=game.pk, move="a1", ply=0)
    assert game.moves == ["a1"]
    with pytest.raises(RuleViolation) as refused:
        friendly_move(user=game.second, game_id=game.pk, move="a1", ply=1)  # already face up
    assert refused.value.clause == "R11.7" and "a1" in refused.value.refusal
    assert friendly_resign(user=game.second, game_id=game.pk).result == "first"
