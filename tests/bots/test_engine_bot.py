"""Fairy-Stockfish as the computer's xiangqi and chess (bots/services/engine.py,
games/engine_player.py): in a game played live on the site it moves for the side whose player is
a computer account, when that side is to move, through the live service like a player (R11.3)."""

import chess
import pytest

from bots.services.accounts import bot_flag
from bots.services.engine import bot_engine_move
from games.analysis import positions
from games.engine_player import ENGINE_LEVELS, engine_move
from games.uci import engine_path
from play.models import Game, GameMove
from play.services.live import live_move
from tests.play.test_live import ready
from tests.play.test_records import pending_game


@pytest.mark.django_db
def test_r11_3_the_computer_moves_for_its_side_when_it_is_to_move(world, clock):
    game = ready(world, pending_game(world, clock))
    bot_flag(user=world["魏延"].user, engine_level=1)
    assert bot_engine_move(game_id=game.pk, side="defender") == "waiting"  # red (the attacker) moves first
    live_move(actor=world["許褚"], game=game, move="炮二平五", ply=0)
    assert bot_engine_move(game_id=game.pk, side="attacker") == "unplayable"  # 許褚 is nobody's computer
    assert bot_engine_move(game_id=game.pk, side="defender") == "moved"
    game = Game.objects.get(pk=game.pk)
    assert len(game.moves) == 2 and GameMove.objects.filter(game=game).count() == 2
    assert positions("xiangqi", game.moves)[-1].split()[1] == "w"  # red to move again: a legal black reply
    assert bot_engine_move(game_id=game.pk, side="defender") == "waiting"


def test_r11_3_each_level_returns_a_legal_chess_and_xiangqi_move():
    path = engine_path("")
    assert path is not None
    board = chess.Board()
    for level in ENGINE_LEVELS:
        assert chess.Move.from_uci(engine_move(path, "chess", board.fen(), level)) in board.legal_moves
        xiangqi = engine_move(path, "xiangqi", positions("xiangqi", [])[0], level)
        assert len(xiangqi) >= 4
