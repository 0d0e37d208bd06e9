"""Battle games played live on the site — R11.3 (legality, results the board decides,
resignation, agreed draws, time), R11.4/R11.5 (the game's terms move by move), R7.4 (when a
live game may start), R6.2 (the result moves the war in the same transaction)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Timer
from campaign.timers import timers_sweep
from play.models import Game, GameMove
from play.services.live import live_draw, live_move, live_ready, live_resign, time_left
from play.services.records import game_report
from tests.play.test_records import MATE_MOVES, pending_game


def ready(world, game):
    live_ready(actor=world["許褚"], game=game)
    return live_ready(actor=world["魏延"], game=game)


@pytest.mark.django_db
def test_a_live_game_starts_when_both_are_ready_with_clocks(world, clock):
    game = pending_game(world, clock)
    game = live_ready(actor=world["許褚"], game=game)
    assert game.live_since is None  # one player alone does not start it
    with pytest.raises(RuleViolation):
        live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    game = live_ready(actor=world["魏延"], game=game)
    assert game.live_since is not None and game.attacker_left_ms == game.defender_left_ms == 15 * 60 * 1000
    flag = Timer.objects.get(key=f"game:{game.pk}:flag:0")
    assert flag.due_at == game.live_since + timedelta(minutes=10)  # the first move's window


@pytest.mark.django_db
def test_r11_3_moves_out_of_turn_twice_illegal_or_by_others_change_nothing(world, clock):
    game = ready(world, pending_game(world, clock))
    game = live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    assert game.moves == ["h2e2"]
    refusals = [
        (world["許褚"], "馬８進７", 1, RuleViolation),  # not their turn
        (world["魏延"], "馬８進７", 0, RuleViolation),  # the number seen is stale (sent twice)
        (world["魏延"], "a9a5", 1, RuleViolation),  # illegal: the rook jumps its own pawn
        (world["魏延"], "zz99", 1, RuleViolation),  # unreadable
        (world["張飛"], "馬８進７", 1, NotAllowed),  # not a player of this game
    ]
    for actor, move, ply, error in refusals:
        with pytest.raises(error):
            live_move(actor=actor, game=game, move=move, ply=ply)
    game = Game.objects.get(pk=game.pk)
    assert game.moves == ["h2e2"] and GameMove.objects.filter(game=game).count() == 1


@pytest.mark.django_db
def test_r11_3_r6_2_a_mate_on_the_site_decides_the_game_and_lowers_the_wall(world, clock):
    game = ready(world, pending_game(world, clock))
    players = [world["許褚"], world["魏延"]]
    for ply, move in enumerate(MATE_MOVES):
        clock.shift(timedelta(seconds=3))
        game = live_move(actor=players[ply % 2], game=game, move=move, ply=ply)
    assert (game.status, game.result, game.termination) == ("decided", "attacker", "checkmate")
    assert world.city("漢中").wall == 490  # R6.2: a general's win
    assert GameMove.objects.filter(game=game).count() == len(MATE_MOVES)
    with pytest.raises(RuleViolation):  # after the end
        live_move(actor=world["魏延"], game=game, move="馬８進７", ply=len(MATE_MOVES))
    with pytest.raises(RuleViolation):  # the site keeps the record: none is reported
        game_report(actor=world["許褚"], game=game, text="炮二平五", claimed="attacker")


@pytest.mark.django_db
def test_live_clocks_run_for_the_side_to_move_and_gain_the_increment(world, clock):
    game = ready(world, pending_game(world, clock))
    clock.shift(timedelta(seconds=30))
    game = live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    assert game.attacker_left_ms == (15 * 60 - 30 + 10) * 1000
    clock.shift(timedelta(seconds=5))
    assert time_left(game, "defender", game.turn_since + timedelta(seconds=5)) == (15 * 60 - 5) * 1000


@pytest.mark.django_db
def test_r11_3_a_flag_falls_with_nobody_there(world, clock):
    game = ready(world, pending_game(world, clock))
    game = live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    game = live_move(actor=world["魏延"], game=game, move="馬８進７", ply=1)
    clock.shift(timedelta(minutes=15, seconds=11))  # red's 15 min + 10 s, and nobody moves
    timers_sweep()
    game = Game.objects.get(pk=game.pk)
    assert (game.status, game.result, game.termination) == ("decided", "defender", "time")
    assert world.city("漢中").wall == 500  # a defender's win does not touch the wall


@pytest.mark.django_db
def test_r11_3_no_first_move_in_time_forfeits(world, clock):
    game = ready(world, pending_game(world, clock))
    clock.shift(timedelta(minutes=10, seconds=1))
    timers_sweep()
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.termination) == ("defender", "abandoned")


@pytest.mark.django_db
def test_r11_3_a_stale_flag_timer_changes_nothing(world, clock):
    game = ready(world, pending_game(world, clock))
    clock.shift(timedelta(minutes=9))
    live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    clock.shift(timedelta(minutes=2))  # past the first move's window: but red moved in time
    timers_sweep()
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING


@pytest.mark.django_db
def test_r11_3_a_move_sets_aside_the_flag_it_made_stale_and_sets_the_next(world, clock):
    """One flag per live game: each move makes the flag of the position it left the opponent's,
    due when their clock runs out (a message sent for the old instant then finds it not due)."""
    game = ready(world, pending_game(world, clock))
    game = live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    game = live_move(actor=world["魏延"], game=game, move="馬８進７", ply=1)
    flags = dict(Timer.objects.filter(key__startswith=f"game:{game.pk}:flag:").values_list("key", "status"))
    prefix = f"game:{game.pk}:flag:"
    assert flags == {f"{prefix}2": "pending"}
    # red to move again, with its 15 min and the 10 s its first move gained
    flag = Timer.objects.get(key=f"{prefix}2")
    assert flag.due_at == game.turn_since + timedelta(minutes=15, seconds=10) and flag.seq == 2
    assert flag.sent_at is None  # 15 minutes away: the sweeper sends its message when it nears


@pytest.mark.django_db
def test_r11_3_a_move_judged_against_a_board_that_changed_is_refused(world, clock):
    """The move is stored only if the game is still the one it was judged against: a
    resignation that lands between the judging and the storing wins, the move changes nothing."""
    from unittest import mock

    from games import live as games_live
    from play.services import live as live_service

    game = ready(world, pending_game(world, clock))
    judge = games_live.play

    def judged_then_resigned(*args, **kwargs):
        judgement = judge(*args, **kwargs)
        live_resign(actor=world["魏延"], game=game)  # the opponent, meanwhile
        return judgement

    with mock.patch.object(live_service, "play", judged_then_resigned), pytest.raises(RuleViolation):
        live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    game = Game.objects.get(pk=game.pk)
    assert (game.moves, game.result, game.termination) == ([], "attacker", "resignation")
    assert not GameMove.objects.filter(game=game).exists()
    assert not Timer.objects.filter(key=f"game:{game.pk}:flag:1").exists()


@pytest.mark.django_db
def test_r11_3_resignation_and_agreed_draw(world, clock):
    game = ready(world, pending_game(world, clock))
    game = live_draw(actor=world["許褚"], game=game)
    assert game.draw_offered_by == "attacker"
    game = live_draw(actor=world["許褚"], game=game)  # offering again does not accept one's own offer
    assert game.status == Game.Status.PENDING
    game = live_draw(actor=world["魏延"], game=game)
    assert (game.status, game.result, game.termination) == ("decided", "draw", "agreement")

    other = pending_game_again(world, clock)
    live_ready(actor=world["徐晃"], game=other)
    other = live_ready(actor=world["魏延"], game=other)
    other = live_resign(actor=world["魏延"], game=other)
    assert (other.result, other.termination) == ("attacker", "resignation")


def pending_game_again(world, clock):
    from battles.models import Army
    from battles.services.siege import siege_call, siege_call_answer

    army = Army.objects.get(status="besieging")
    game = siege_call(actor=world["徐晃"], army=army, attacker=world["徐晃"])  # 許褚 withdrew after the draw (R6.2)
    return siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])


@pytest.mark.django_db
def test_r7_4_a_live_game_starts_at_night_only_when_both_agreed(world, clock):
    game = pending_game(world, clock)
    clock.move_to(clock_at(world, hour=2))
    live_ready(actor=world["許褚"], game=game)
    with pytest.raises(RuleViolation) as err:
        live_ready(actor=world["魏延"], game=game)
    assert err.value.clause == "R7.4" and Game.objects.get(pk=game.pk).live_since is None


def clock_at(world, hour):
    from datetime import datetime

    from campaign.clock import now

    local = now().astimezone(world.campaign.zone)
    return datetime(local.year, local.month, local.day, hour, tzinfo=local.tzinfo) + timedelta(days=1)


@pytest.mark.django_db
def test_spectators_find_a_game_in_progress_on_the_siege_page_and_the_dashboard(client, world, clock):
    game = ready(world, pending_game(world, clock))
    link = f'class="live-now" href="/c/{world.campaign.slug}/games/{game.pk}/"'
    assert link in client.get(f"/c/{world.campaign.slug}/").content.decode()
    assert link in client.get(f"/c/{world.campaign.slug}/sieges/{game.siege_id}/").content.decode()
    live_resign(actor=world["魏延"], game=game)
    assert link not in client.get(f"/c/{world.campaign.slug}/").content.decode()


@pytest.mark.django_db
def test_a_live_move_is_one_read_and_three_writes_and_its_state_reads_nothing_more(
    world, clock, django_capture_on_commit_callbacks
):
    """A move is one short transaction: what a move costs the database is pinned, the
    state sent to its watchers included (drawn from the game as written). A field the move path
    forgot to read would show up here as one more statement."""
    game = ready(world, pending_game(world, clock))
    live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    black = world["魏延"]  # the socket knows its player from when it connected
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True) as hooks:
        live_move(actor=black, game=Game(pk=game.pk), move="馬８進７", ply=1)
    statements = [
        q["sql"].split()[0] + " " + table(q["sql"])
        for q in queries
        if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))
    ]
    assert statements == [
        "SELECT battles_game",
        "UPDATE campaign_timer",  # the flag of the position left becomes the opponent's
        "UPDATE battles_game",  # compare-and-set
        "INSERT battles_gamemove",
    ]
    assert len(hooks) >= 1  # the watchers' state, built without a query


def table(sql: str) -> str:
    for word in sql.replace('"', " ").split():
        if word.startswith(("battles_", "campaign_")):
            return word
    return "?"


@pytest.mark.django_db
def test_the_live_state_shows_where_the_side_to_move_may_go(world, clock):
    """The board's hints: each piece of the side to move and its legal points (the judge's own
    list), none once the game is over."""
    from play.selectors.live import live_state

    game = ready(world, pending_game(world, clock))
    state = live_state(game_id=game.pk, user_id=None, language="en")
    assert set(state["legal"]["h2"]) >= {"e2", "h9"} and "h9" not in state["legal"]  # red's cannon; no black piece
    game = live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    state = live_state(game_id=game.pk, user_id=None, language="en")
    assert set(state["legal"]["h9"]) == {"g7", "i7"} and "e2" not in state["legal"]  # black's horse now
    live_resign(actor=world["魏延"], game=game)
    assert live_state(game_id=game.pk, user_id=None, language="en")["legal"] == {}
