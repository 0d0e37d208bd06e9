"""R11.3 and R11.6 for long games played live: a game of 200 plies and more played move by move
through the live service (each move judged from the position kept after the moves before it,
and once after the process forgot them, as after a restart) has the same moves, result, ending
and notation as its record judged whole; a real master game likewise, wherever the board ends
it; a real game that ends in mate is decided for the mating side."""

import random
from datetime import timedelta
from pathlib import Path

import pytest

from games import judge, live_position
from games.live import legal_moves
from games.xiangqi import game_notation
from play.models import Game
from play.selectors.games import notation
from play.selectors.live import live_state, live_states
from play.services.live import live_move
from tests.play.test_live import ready
from tests.play.test_records import pending_game

GAMES = Path(__file__).resolve().parent.parent / "data" / "xiangqi_master_games.txt"
SIDE = {"1-0": "attacker", "0-1": "defender", "1/2-1/2": "draw"}  # the attacker plays red here


def master_game(plies: int) -> list[str]:
    """The real master game with this many plies (tests/data/README.md)."""
    games = [line.split("\t")[1].split() for line in GAMES.read_text().splitlines()]
    return next(game for game in games if len(game) == plies)


def random_game(plies: int, seed: int) -> list[str]:
    """A random legal game the board does not end within `plies` moves."""
    rng = random.Random(seed)
    while True:
        moves, choices = [], legal_moves("xiangqi", [])
        for _ply in range(plies):
            judged = live_position.judge("xiangqi", moves, rng.choice(choices))
            if judged.result is not None:
                break
            moves, choices = judged.moves, judged.legal or []
        if len(moves) == plies:
            return moves


def play_live(world, clock, moves: list[str]) -> Game:
    """The moves played live, until the board ends the game or they run out."""
    game = ready(world, pending_game(world, clock))
    players = [world["許褚"], world["魏延"]]  # the attacker moves first: red
    for ply, move in enumerate(moves):
        if ply == len(moves) // 2:
            live_position._kept.clear()  # the process forgets every position: a restart
        clock.shift(timedelta(seconds=2))
        game = live_move(actor=players[ply % 2], game=game, move=move, ply=ply)
        if game.status != Game.Status.PENDING:
            break
    return Game.objects.get(pk=game.pk)


def assert_as_judged_whole(game: Game) -> None:
    """The game as the site keeps it is its record judged whole: the moves, the result and how
    it ended, and the notation in both languages, on its page and as sent to its watchers."""
    record = judge("xiangqi", " ".join(game.moves))
    assert game.moves == record.moves
    if record.result is None:
        assert game.status == Game.Status.PENDING
    else:
        assert (game.result, game.termination) == (SIDE[record.result], record.termination.value)
    assert notation(game, "chinese") == game_notation(record.moves)
    assert notation(game, "wxf") == game_notation(record.moves, chinese=False)
    for language, chinese in (("zh-hant", True), ("en", False)):
        sent = live_state(game_id=game.pk, user_id=None, language=language)
        written = game_notation(record.moves, chinese=chinese)
        assert [move for pair in sent["moves"] for _ply, move in pair["moves"]] == written
        # a change tells the watchers the last moves only, numbered by their ply
        tail = live_states(game_id=game.pk)["written"][language]["tail"]
        assert [move for _ply, move in tail] == written[-len(tail) :]
        assert [ply for ply, _move in tail] == list(range(len(record.moves) - len(tail) + 1, len(record.moves) + 1))


@pytest.mark.django_db
def test_r11_3_r11_6_a_game_of_240_plies_played_live_is_its_record_judged_whole(world, clock):
    moves = random_game(240, seed=3)
    game = play_live(world, clock, moves)
    assert len(game.moves) == 240 and game.status == Game.Status.PENDING
    assert_as_judged_whole(game)


@pytest.mark.django_db
def test_r11_3_r11_6_a_real_game_of_218_plies_played_live_is_its_record_judged_whole(world, clock):
    game = play_live(world, clock, master_game(218))
    assert len(game.moves) >= 190  # to its end, or to where the board's repetition ruling ended it
    assert_as_judged_whole(game)


@pytest.mark.django_db
def test_r11_3_a_real_game_ending_in_mate_played_live_is_decided_for_the_mating_side(world, clock):
    moves = master_game(160)
    game = play_live(world, clock, moves)
    assert (game.status, game.result, game.termination) == ("decided", "defender", "checkmate")  # black mates
    assert game.moves == moves
    assert_as_judged_whole(game)
