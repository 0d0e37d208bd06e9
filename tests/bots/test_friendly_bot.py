"""The computer in a friendly xiangqi or chess game of the game room (bots/services/friendly.py):
challenged by name, it accepts; when its side is to move, Fairy-Stockfish's move goes through the
friendly game's service like a player's (R11.3); with a real worker, each change of the game sends
its message and the worker plays."""

import pytest

from bots.services.accounts import bot_create
from bots.services.friendly import bot_friendly_turn
from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_accept, friendly_challenge
from friendly.services.play import friendly_move
from games.live import legal_moves
from tests.friendly.helpers import account
from tests.workers import wait_for


@pytest.mark.django_db
def test_r11_3_the_computer_accepts_a_challenge_and_moves_when_it_is_to_move():
    human, computer = account("liubei"), bot_create(username="computer", engine_level=1).user
    game = friendly_challenge(user=human, opponent_name="computer", kind="xiangqi", side="first")
    assert bot_friendly_turn(game_id=game.pk) == "accepted"
    assert bot_friendly_turn(game_id=game.pk) == "waiting"  # red (the human) moves first
    friendly_move(user=human, game_id=game.pk, move="炮二平五", ply=0)
    assert bot_friendly_turn(game_id=game.pk) == "moved"
    game = FriendlyGame.objects.get(pk=game.pk)
    assert game.second == computer and len(game.moves) == 2
    assert game.moves[1] in legal_moves("xiangqi", game.moves[:1])
    dark = friendly_accept(
        user=computer, game_id=friendly_challenge(user=human, opponent_name="computer", kind="banqi").pk
    )
    assert bot_friendly_turn(game_id=dark.pk) == "unplayable"  # no engine plays dark chess


@pytest.mark.django_db(transaction=True)
def test_r11_3_with_a_real_worker_the_computer_takes_up_a_challenge_and_plays_white(start_worker):
    worker = start_worker(sweep_seconds=1.0)
    human = account("liubei")
    bot_create(username="computer", engine_level=1)
    game = friendly_challenge(user=human, opponent_name="computer", kind="chess", side="second")

    def moved(count: int):
        def read():
            found = FriendlyGame.objects.get(pk=game.pk)
            return found if len(found.moves) >= count else None

        return read

    found = wait_for(moved(1), timeout=60, what="the computer to accept and play white's first move", worker=worker)
    assert found.status == "playing" and found.moves[0] in legal_moves("chess", [])
    reply = legal_moves("chess", found.moves)[0]
    friendly_move(user=human, game_id=game.pk, move=reply, ply=1)
    found = wait_for(moved(3), timeout=60, what="the computer's second move", worker=worker)
    assert found.moves[2] in legal_moves("chess", found.moves[:2])
