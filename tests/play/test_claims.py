"""R11.3 (decision turn 4): a reported record is a claim whatever its ending, mate included. The
opponent (and only the opponent) confirms or disputes it; a dispute goes to the authority of R11.3;
unanswered, it stands when the campaign's confirmation window of war time ends (a CLAIM_WINDOW
timer; the real worker applying it is tests/integration/test_claims.py). A game played on the site
still decides itself (tests/play/test_live.py)."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from battles.models import LedgerEntry
from campaign.errors import NotAllowed
from campaign.models import Notice, Timer
from campaign.timers import timers_sweep
from play.models import Game
from play.services.records import game_claim_answer, game_report
from play.services.results import game_result_enter
from play.timer_kinds import CLAIM_WINDOW
from tests.battles.test_duties import duties
from tests.play.test_records import MATE, pending_game

TAIPEI = ZoneInfo("Asia/Taipei")


def reported_mate(world, clock) -> Game:
    return game_report(actor=world["許褚"], game=pending_game(world, clock), text=MATE)


def wall_moved(game: Game) -> bool:
    return LedgerEntry.objects.filter(key=f"game:{game.pk}:wall").exists()


def window(game: Game) -> Timer:
    return Timer.objects.get(kind=CLAIM_WINDOW, object_id=game.pk)


def test_r11_3_a_reported_mate_is_a_claim_and_moves_no_wall_until_confirmed(world, clock):
    game = reported_mate(world, clock)
    assert (game.status, game.claim_status, game.claimed_result) == (Game.Status.PENDING, "claimed", "attacker")
    assert game.termination == "checkmate", "the board's ending is what is claimed"
    assert world.city("漢中").wall == 500 and not wall_moved(game)
    assert window(game).due_at == game.reported_at + timedelta(minutes=60), "60 minutes of war time by default"
    assert f"game:{game.pk}:claim" in duties(world, "魏延"), "the opponent's duty"
    assert set(Notice.objects.filter(key=f"game:{game.pk}:claim").values_list("officer__name", flat=True)) == {"魏延"}

    clock.shift(timedelta(minutes=5))
    game = game_claim_answer(actor=world["魏延"], game=game, confirm=True, claim=game.claim_token())
    assert (game.status, game.result) == (Game.Status.DECIDED, "attacker")
    assert world.city("漢中").wall == 490 and wall_moved(game), "R6.2 applied once confirmed"
    assert Game.objects.get(pk=game.pk).how == "將死 · 對手已確認", "how it ended: the board, then the opponent"
    assert window(game).status == Timer.Status.CANCELLED, "answered: the window is moot"
    assert f"game:{game.pk}:claim" not in duties(world, "魏延")


def test_r11_3_only_the_opponent_confirms_a_reported_mate(world, clock):
    game = reported_mate(world, clock)
    for name in ("許褚", "徐晃", "張飛", "劉備", "孫權"):  # the reporter, their marshal, the governor, kings
        with pytest.raises(NotAllowed) as refusal:
            game_claim_answer(actor=world[name], game=game, confirm=True, claim=game.claim_token())
        assert refusal.value.clause == "R11.3", name
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.claim_status) == (Game.Status.PENDING, "claimed")
    assert world.city("漢中").wall == 500 and window(game).status == Timer.Status.PENDING


def test_r11_3_a_disputed_mate_goes_to_the_authority(world, clock):
    game = reported_mate(world, clock)
    game = game_claim_answer(actor=world["魏延"], game=game, confirm=False, claim=game.claim_token())
    assert (game.status, game.claim_status) == (Game.Status.PENDING, "disputed")
    assert world.city("漢中").wall == 500 and not wall_moved(game)
    assert window(game).status == Timer.Status.CANCELLED, "a dispute never stands by the window"
    assert f"game:{game.pk}:dispute" in duties(world, "許褚"), "the reporter is told of the dispute"
    assert set(Notice.objects.filter(key=f"game:{game.pk}:dispute").values_list("officer__name", flat=True)) == {"許褚"}

    clock.shift(timedelta(hours=3))
    timers_sweep()
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING, "the window does not decide a dispute"
    with pytest.raises(NotAllowed):
        game_result_enter(user=world["許褚"].user, game=game, result="attacker")  # a player never judges
    game = game_result_enter(user=world["孫權"].user, game=game, result="defender", note="not the game we played")
    assert (game.status, game.result) == (Game.Status.DECIDED, "defender")
    assert Game.objects.get(pk=game.pk).how == "裁判登錄（R11.3）"
    assert f"game:{game.pk}:dispute" not in duties(world, "許褚")


def test_r11_3_an_unanswered_claim_stands_when_the_window_of_war_time_ends(world, clock):
    """The window counts inside the hours of war (09:00–24:00 here): reported at 23:30, its 60
    minutes end at 09:30 the next morning, and the claim stands then, once."""
    game = pending_game(world, clock)
    clock.move_to(datetime(2026, 5, 1, 23, 30, tzinfo=TAIPEI))
    game = game_report(actor=world["許褚"], game=game, text=MATE)
    assert window(game).due_at == datetime(2026, 5, 2, 9, 30, tzinfo=TAIPEI)
    clock.move_to(datetime(2026, 5, 2, 9, 29, tzinfo=TAIPEI))
    timers_sweep()
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING and not wall_moved(game)
    clock.move_to(datetime(2026, 5, 2, 9, 30, 1, tzinfo=TAIPEI))
    timers_sweep()
    timers_sweep()
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.claim_status) == (Game.Status.DECIDED, "attacker", "unanswered")
    assert LedgerEntry.objects.filter(key=f"game:{game.pk}:wall").count() == 1
    assert "確認時限" in game.how
    with pytest.raises(Exception):  # noqa: B017 - too late: no claim awaits an answer
        game_claim_answer(actor=world["魏延"], game=game, confirm=False, claim=game.claim_token())


def test_r11_3_the_confirmation_window_is_the_campaign_s_setting(world, clock):
    world.campaign.claim_window = timedelta(minutes=15)
    world.campaign.save(update_fields=["claim_window"])
    game = reported_mate(world, clock)
    assert window(game).due_at == game.reported_at + timedelta(minutes=15)
    assert duties(world, "魏延")[f"game:{game.pk}:claim"].deadline == window(game).due_at


def test_r11_3_a_claim_on_a_siege_lifted_stands_never(world, clock):
    """The battle ends before the window (the army retreats): the game is cancelled, its window
    with it, and nothing is applied later."""
    from battles.models import Army
    from battles.services.retreat import army_retreat

    game = reported_mate(world, clock)
    army_retreat(actor=world["曹操"], army=Army.objects.get(pk=game.army_id))
    assert window(game).status == Timer.Status.CANCELLED
    clock.shift(timedelta(hours=2))
    timers_sweep()
    assert Game.objects.get(pk=game.pk).status == Game.Status.CANCELLED
