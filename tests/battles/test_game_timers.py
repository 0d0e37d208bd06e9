"""A game that is over keeps no timer pending — a live battle game's flag, a dark-chess
game's flag, a stratagem's deadline — however it ended: the operators' page (/ops/) lists only
what is still to happen."""

import random
from datetime import timedelta

import pytest

from battles.models import BanqiGame, Stratagem
from battles.services.retreat import army_retreat
from battles.services.stratagems import banqi_act, banqi_replay, stratagem_accept, stratagem_challenge
from battles.timer_kinds import BANQI_FLAG, STRATAGEM_DEADLINE
from campaign.models import Timer
from campaign.timers import timers_sweep
from play.models import Game
from play.services.live import live_draw, live_move, live_resign
from play.services.results import game_result_enter
from play.timer_kinds import GAME_FLAG
from tests.play.test_live import ready
from tests.play.test_records import MATE_MOVES, pending_game


def pending_of_finished() -> list[str]:
    """The keys of pending timers whose game or stratagem is already settled."""
    pending = Timer.objects.filter(status=Timer.Status.PENDING)
    over = [Game.Status.DECIDED, Game.Status.CANCELLED]
    finished_games = Game.objects.filter(status__in=over).values("pk")
    finished_banqi = BanqiGame.objects.exclude(result="").values("pk")
    settled = Stratagem.objects.exclude(status=Stratagem.Status.CHALLENGED).values("pk")
    return sorted(
        list(pending.filter(kind=GAME_FLAG, object_id__in=finished_games).values_list("key", flat=True))
        + list(pending.filter(kind=BANQI_FLAG, object_id__in=finished_banqi).values_list("key", flat=True))
        + list(pending.filter(kind=STRATAGEM_DEADLINE, object_id__in=settled).values_list("key", flat=True))
    )


def _moves(world, game, moves):
    players = [world["許褚"], world["魏延"]]
    for ply, move in enumerate(moves):
        game = live_move(actor=players[ply % 2], game=game, move=move, ply=ply)
    return game


def end_by_mate(world, clock, game):
    return _moves(world, game, MATE_MOVES)


def end_by_resignation(world, clock, game):
    return live_resign(actor=world["魏延"], game=_moves(world, game, MATE_MOVES[:2]))


def end_by_draw(world, clock, game):
    game = _moves(world, game, MATE_MOVES[:2])
    live_draw(actor=world["許褚"], game=game)
    return live_draw(actor=world["魏延"], game=game)


def end_by_flag(world, clock, game):
    _moves(world, game, MATE_MOVES[:2])
    clock.shift(timedelta(minutes=16))
    timers_sweep()


def end_by_a_move_after_the_flag(world, clock, game):
    """The flag fell unseen by the sweeper; the late move finds it (and loses on time)."""
    game = _moves(world, game, MATE_MOVES[:2])
    clock.shift(timedelta(minutes=16))
    return live_move(actor=world["許褚"], game=game, move=MATE_MOVES[2], ply=2)


def end_by_abandonment(world, clock, game):
    clock.shift(timedelta(minutes=11))
    timers_sweep()


def end_by_a_result_entered(world, clock, game):
    return game_result_enter(user=world["孫權"].user, game=_moves(world, game, MATE_MOVES[:2]), result="draw")


def end_by_retreat(world, clock, game):
    army_retreat(actor=world["徐晃"], army=game.army)


LIVE_ENDINGS = [
    end_by_mate,
    end_by_resignation,
    end_by_draw,
    end_by_flag,
    end_by_a_move_after_the_flag,
    end_by_abandonment,
    end_by_a_result_entered,
    end_by_retreat,
]


@pytest.mark.django_db
@pytest.mark.parametrize("end", LIVE_ENDINGS, ids=[e.__name__ for e in LIVE_ENDINGS])
def test_a_live_game_over_leaves_no_flag_pending(world, clock, end):
    game = ready(world, pending_game(world, clock))
    assert Timer.objects.filter(kind=GAME_FLAG, object_id=game.pk, status=Timer.Status.PENDING).count() == 1
    end(world, clock, game)
    game = Game.objects.get(pk=game.pk)
    assert game.status in (Game.Status.DECIDED, Game.Status.CANCELLED), end.__name__
    assert pending_of_finished() == []
    assert not Timer.objects.filter(kind=GAME_FLAG, object_id=game.pk, status=Timer.Status.PENDING).exists()


def play_banqi_out(world, game, seed=1):
    """Random legal actions by whoever is to move, until the engine ends the game (a win, or a
    draw by the move rule or repetition)."""
    rng = random.Random(seed)
    players = [world["郭嘉"], world["張飛"]]
    while not game.result:
        engine = banqi_replay(game)
        game = banqi_act(actor=players[engine.turn], game=game, action=rng.choice(sorted(engine.legal_actions())))
    return game


def flip_ten(world, game):
    players = [world["郭嘉"], world["張飛"]]
    for n in range(10):
        game = banqi_act(actor=players[n % 2], game=game, action=f"{'abcdefgh'[n % 8]}{n // 8 + 1}")
    return game


def banqi_by_resignation(world, clock, game):
    banqi_act(actor=world["郭嘉"], game=flip_ten(world, game), action="resign")


def banqi_played_out(world, clock, game):
    play_banqi_out(world, flip_ten(world, game))


def banqi_by_flag(world, clock, game):
    flip_ten(world, game)
    clock.shift(timedelta(minutes=6))
    timers_sweep()


def banqi_by_an_action_after_the_flag(world, clock, game):
    game = flip_ten(world, game)
    clock.shift(timedelta(minutes=6))
    banqi_act(actor=world["郭嘉"], game=game, action="c2")


BANQI_ENDINGS = [banqi_by_resignation, banqi_played_out, banqi_by_flag, banqi_by_an_action_after_the_flag]


@pytest.mark.django_db
@pytest.mark.parametrize("end", BANQI_ENDINGS, ids=[e.__name__ for e in BANQI_ENDINGS])
def test_a_dark_chess_game_over_leaves_no_timer_pending(world, clock, end):
    world.online("張飛")
    stratagem = stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    game = stratagem_accept(actor=world["張飛"], stratagem=stratagem).banqi
    end(world, clock, game)
    assert BanqiGame.objects.get(pk=game.pk).result, end.__name__
    assert pending_of_finished() == []
    assert not Timer.objects.filter(status=Timer.Status.PENDING).filter(kind__in=[BANQI_FLAG, STRATAGEM_DEADLINE])


@pytest.mark.django_db
def test_a_dark_chess_game_keeps_one_flag_pending_while_it_is_played(world, clock):
    """The flag moves with every action (as a live battle game's does): one row, not one per ply;
    the challenge's deadline is closed once the game is taken."""
    world.online("張飛")
    stratagem = stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    game = flip_ten(world, stratagem_accept(actor=world["張飛"], stratagem=stratagem).banqi)
    pending = list(
        Timer.objects.filter(status=Timer.Status.PENDING, kind__in=[BANQI_FLAG, STRATAGEM_DEADLINE]).values_list(
            "kind", "seq", "due_at"
        )
    )
    assert [(kind, seq) for kind, seq, _due in pending] == [(BANQI_FLAG, 10)]
    assert pending[0][2] == game.deadline(banqi_replay(game).turn)


@pytest.mark.django_db
def test_a_stratagem_that_lapses_leaves_no_timer_pending(world, clock):
    """R9.3: nobody takes the game within 10 minutes: the stratagem takes effect, nothing pending."""
    world.online("張飛")
    stratagem_challenge(actor=world["郭嘉"], target=world["張飛"], kind="siege")
    clock.shift(timedelta(minutes=10, seconds=1))
    timers_sweep()
    assert Stratagem.objects.get().status == Stratagem.Status.EFFECT
    assert pending_of_finished() == []
