"""Fairy-Stockfish's move for the computer in a game played live on the site (play.Game, xiangqi
or chess): by the game's id and the computer's side (attacker or defender), so that any door
that starts such a game (a war's battle, a friendly game) asks for it the same way. The move goes
through the live service like any player's (R11.3), with the number of moves it saw: a move
played meanwhile makes it stale, and it is dropped."""

from django.conf import settings

from bots.models import Bot
from campaign.errors import Stale
from games.analysis import canonical, positions
from games.engine_player import engine_move
from games.uci import engine_path
from play.models import Game
from play.services.live import game_terms, live_move, live_read, side_to_move

KINDS = ("xiangqi", "chess")


def bot_engine_move(*, game_id: int, side: str) -> str:
    """The computer's move as `side` if it is that side's player and to move: `moved`, `stale`
    (the game moved on while it thought), `waiting` (not its turn, not started, over), or
    `unplayable` (not its game, a kind or an engine it lacks)."""
    game = live_read().get(pk=game_id)
    officer = game.attacker if side == "attacker" else game.defender
    bot = Bot.objects.filter(user_id=officer.user_id).first() if officer is not None else None
    path = engine_path(settings.ANALYSIS_ENGINE)
    if officer is None or bot is None or game.game_kind not in KINDS or path is None:
        return "unplayable"
    if game.status != Game.Status.PENDING or game.live_since is None or side_to_move(game) != side:
        return "waiting"
    ply = len(game.moves)
    fen = positions(game.game_kind, game.moves, **game_terms(game))[-1]
    move = canonical(game.game_kind, engine_move(path, game.game_kind, fen, bot.engine_level))
    if not move:
        return "waiting"  # no move: the board has decided (its judge ends the game)
    try:
        live_move(actor=officer, game=game, move=move, ply=ply)
    except Stale:
        return "stale"
    return "moved"
