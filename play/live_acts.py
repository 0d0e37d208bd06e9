"""A player's action in a live game, as every front end sends it (the game's websocket, the
terminal): a frame {"action": "move" | "resign" | "draw" | "ready" | "claim", …} run through the
live services (play/services/live.py, live_claims.py), answered with the refusal's text in the
active language, or "" when it was done. The services check everything; this only reads the
frame's shape."""

from django.utils.translation import gettext as _

from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer
from play.models import Game
from play.services import live, live_claims

ACTIONS = ("move", "resign", "draw", "ready", "claim")


def live_act(*, officer: Officer | None, game_id: int, frame: dict) -> str:
    """Run the action through the services; the refusal's text, or "" when it was done.
    `officer`: the reader's officer in the game's campaign (None: a visitor)."""
    if officer is None:
        return _("Only the game's players play it; spectators watch.")
    try:
        action = frame["action"]
        if action == "move":  # the service reads the game itself
            move, ply = frame.get("move"), frame.get("ply")
            if not isinstance(move, str) or not isinstance(ply, int) or isinstance(ply, bool):
                return _("A move names the move and the number of moves already played.")
            live.live_move(actor=officer, game=Game(pk=game_id), move=move[:16], ply=ply)
            return ""
        game = Game.objects.get(pk=game_id)
        if action == "resign":
            live.live_resign(actor=officer, game=game)
        elif action == "draw":
            live.live_draw(actor=officer, game=game, offer=frame.get("offer", True) is not False)
        elif action == "claim":
            live_claims.live_claim(actor=officer, game=game)
        else:
            live.live_ready(actor=officer, game=game)
    except (RuleViolation, NotAllowed) as exc:
        return exc.refusal
    return ""
