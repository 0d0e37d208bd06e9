"""The computer in a friendly xiangqi or chess game of the game room (friendly/): challenged by
name, it accepts; when its side is to move, Fairy-Stockfish's move at its level goes through the
friendly game's service like any player's (R11.3), with the number of moves it saw, so that a move
played meanwhile makes it stale and it is dropped. Thought out in the worker (bots/tasks.py)."""

from django.conf import settings

from bots.models import Bot
from campaign.errors import RuleViolation, Stale
from friendly.models import FriendlyGame
from friendly.services.challenges import friendly_accept
from friendly.services.common import side_to_move
from friendly.services.play import friendly_move
from games.analysis import canonical
from games.engine_player import engine_move
from games.live import position
from games.uci import engine_path

KINDS = ("xiangqi", "chess")


def bot_friendly_turn(*, game_id: int) -> str:
    """What the computer does in the game now: `accepted` (a challenge to it), `moved`, `stale`
    (the game moved on while it thought), `waiting` (not its turn, over), or `unplayable` (dark
    chess, no engine)."""
    game = FriendlyGame.objects.select_related("first", "second").get(pk=game_id)
    path = engine_path(settings.ANALYSIS_ENGINE)
    if game.kind not in KINDS or path is None:
        return "unplayable"
    if game.status == FriendlyGame.Status.CHALLENGED:
        challenged = game.second if game.challenger_id == game.first_id else game.first
        if not Bot.objects.filter(user=challenged).exists():
            return "waiting"
        try:
            friendly_accept(user=challenged, game_id=game.pk)
        except RuleViolation:  # answered meanwhile
            return "stale"
        return "accepted"
    side = side_to_move(game)
    player = game.first if side == "first" else game.second if side == "second" else None
    bot = Bot.objects.filter(user=player).first() if player is not None else None
    if bot is None or player is None:
        return "waiting"
    ply = len(game.moves)
    move = canonical(game.kind, engine_move(path, game.kind, position(game.kind, game.moves), bot.engine_level))
    if not move:
        return "waiting"  # no move: the board has decided (its judge ends the game)
    try:
        friendly_move(user=player, game_id=game.pk, move=move, ply=ply)
    except Stale:
        return "stale"
    except RuleViolation:  # the game ended meanwhile (a resignation, a flag)
        return "waiting"
    return "moved"
