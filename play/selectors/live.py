"""What a live game's watchers are sent: the board drawn by the server, the moves in
the reader's notation, whose turn, both clocks as of now, the offers, the result in words, and
which side the reader plays. The same for a player who reconnects: the server's state is the
game.

A watcher's page is sent the whole state once, when it connects (`live_state`); after that, each
change sends it only the moves it has not seen (`watcher_state`), so that what every watcher is
sent after a move does not grow with the game: the group's message carries the last few moves
(`TAIL`), and a watcher that missed more than those (a message lost) is sent the whole state
again."""

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from campaign import clock
from campaign.models import Officer
from games.live import legal_moves
from games.pgn import move_pairs
from play.models import Game
from play.selectors.games import board_drawing, notation
from play.services.live import game_terms, live_read, side_of, side_to_move, time_left
from play.services.live_claims import game_claims
from play.services.records import colours


def viewer_side(*, game_id: int, user_id: int | None) -> str | None:
    """attacker / defender when the user plays this game, else None (a spectator)."""
    if user_id is None:
        return None
    game = Game.objects.only("campaign_id", "attacker_id", "defender_id").get(pk=game_id)
    viewer = Officer.objects.filter(user_id=user_id, campaign_id=game.campaign_id).first()
    return side_of(game, viewer) if viewer is not None else None


TAIL = 4  # moves the group's message carries: one change is one move, the rest is slack


def live_states(*, game_id: int, game: object = None) -> dict:
    """The change read and drawn once for all watchers: what is the same in every language
    ("shared": the board, the clocks, whose turn) once, and per language what is written, with
    only the last `TAIL` moves ("tail", each as [ply, move]).
    `game`: the game as just committed, with its players (then it is not read again)."""
    read: Game = game if isinstance(game, Game) else live_read().get(pk=game_id)
    return {
        "shared": _shared(read),
        "written": {code: _written(read, code, tail=TAIL) for code, _name in settings.LANGUAGES},
    }


def watcher_state(states: dict, *, language: str, side: str | None, seen: int) -> dict | None:
    """What a watcher who has been sent `seen` moves is sent of a change (`live_states`): the
    state without the move list, and the moves after its `seen` ("moves_from", "moves_new").
    {} when the change is older than what it was sent (nothing to send); None when it missed
    moves the change does not carry (then it is sent the whole state, `live_state`)."""
    shared, written = states["shared"], dict(states["written"][language])
    tail = written.pop("tail")
    first = shared["ply"] - len(tail)
    if seen > shared["ply"]:
        return {}
    if seen < first:
        return None
    return {**shared, **written, "moves_from": seen, "moves_new": tail[seen - first :], "you": side}


def live_state(*, game_id: int, user_id: int | None, language: str) -> dict:
    game = live_read().get(pk=game_id)
    return {**_shared(game), **_written(game, language), "you": viewer_side(game_id=game_id, user_id=user_id)}


def _to_move(game: Game) -> str | None:
    return side_to_move(game) if game.status == Game.Status.PENDING and game.live_since else None


def _hints(game: Game, to_move: str | None) -> dict[str, list[str]]:
    """Where each piece of the side to move may go (from-square → to-squares), for the board's
    hints; nothing when nobody is to move."""
    if to_move is None:
        return {}
    hints: dict[str, list[str]] = {}
    for move in legal_moves(game.game_kind, game.moves, **game_terms(game)):
        targets = hints.setdefault(move[:2], [])
        if move[2:4] not in targets:  # a promotion's four pieces: one square
            targets.append(move[2:4])
    return hints


def _shared(game: Game) -> dict:
    now = clock.now()
    to_move = _to_move(game)
    return {
        "type": "state",
        "game": game.pk,
        "status": game.status,
        "live": game.live_since is not None,
        "ply": len(game.moves),
        "to_move": to_move,
        "legal": _hints(game, to_move),
        "clocks": {side: time_left(game, side, now) for side in ("attacker", "defender")} if game.live_since else None,
        "ready": {"attacker": game.attacker_ready, "defender": game.defender_ready},
        "draw_offered_by": game.draw_offered_by,
        "claimable": game_claims(game) or None,  # side → {kind, result}: who may claim what now (R11.3)
        "colours": colours(game),
        "svg": board_drawing(game, len(game.moves)),
    }


def _written(game: Game, language: str, tail: int | None = None) -> dict:
    """Per language: the heading's words, and the moves (all as pairs, or the last `tail`)."""
    with translation.override(language):
        style = "chinese" if language.startswith("zh") else "wxf"
        moves = notation(game, style)
        written = {
            # The page's heading line (status, result, how it ended) follows the game as it ends.
            "status_label": str(game.get_status_display()),
            "status_text": _status_text(game, _to_move(game)),
            "result": str(game.get_result_display()) if game.result else "",
            "how": game.how,
        }
        if tail is None:
            return {**written, "moves": move_pairs(moves)}
        first = max(0, len(moves) - tail)
        return {**written, "tail": [[first + 1 + i, move] for i, move in enumerate(moves[first:])]}


def _status_text(game: Game, to_move: str | None) -> str:
    names = {"attacker": game.attacker.name, "defender": game.defender.name if game.defender else "…"}
    colour_words = {"red": _("red"), "black": _("black"), "white": _("white")}
    if game.status == Game.Status.DECIDED:
        return f"{game.get_result_display()} · {game.how}" if game.how else str(game.get_result_display())
    if game.status != Game.Status.PENDING:
        return str(game.get_status_display())
    if to_move is None:
        waiting = [names[side] for side in ("attacker", "defender") if not getattr(game, f"{side}_ready")]
        return _("Waiting for %(names)s to be ready to play here.") % {"names": "、".join(waiting)}
    colour = colour_words[colours(game)[to_move]]
    text = _("%(name)s (%(colour)s) to move.") % {"name": names[to_move], "colour": colour}
    if game.draw_offered_by:
        text += " " + _("%(name)s offers a draw.") % {"name": names[game.draw_offered_by]}
    return text
