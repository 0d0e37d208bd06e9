"""What the friendly games' screens read and send, in the database thread (`ctx.db`), through
friendly/'s own selectors and services as the game's page does (/room/games/<id>/): the user's
games (running and decided, `newest`), a game as its page shows it to the reader (`friendly_view`,
decided by its flag first as the page's read is), its replay, and every action answered with the
refusal's text in the session's language (word for word the page's), or "" when it was done."""

from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import gettext as _

from campaign.errors import RuleViolation
from friendly.lookups import friendly_game
from friendly.models import FriendlyGame
from friendly.selectors import friendly_view, newest
from friendly.services.clock import friendly_settled
from friendly.services.play import friendly_claim, friendly_draw, friendly_move, friendly_resign
from games.banqi import board_rows
from games.banqi import replay as banqi_replay
from games.text_board import placement, placements
from gamescreens.games.reading import LiveView, Replay, colour_word

LISTED = 50  # the newest games of each kind listed
COLOURS = {"xiangqi": {"first": "red", "second": "black"}, "chess": {"first": "white", "second": "black"}}
Status = FriendlyGame.Status


def kind_word(kind: str) -> str:
    return {"xiangqi": _("xiangqi"), "chess": _("chess"), "banqi": _("dark chess")}.get(kind, kind)


def games_of(user) -> list[FriendlyGame]:
    """The user's friendly games: those being played or offered, then the decided, newest first
    (two queries)."""
    running = newest(Status.PLAYING, Status.CHALLENGED, limit=LISTED, user=user)
    return running + newest(Status.DECIDED, limit=LISTED, user=user)


def opening(*, game_id: int) -> str:
    """Which screen the game needs: live (being played), replay (decided), or its status (a
    challenge, declined, cancelled; "missing" for no such game)."""
    try:
        game = friendly_settled(friendly_game(game_id))
    except Http404:
        return "missing"
    if game.status == Status.PLAYING:
        return "live"
    return "replay" if game.status == Status.DECIDED else str(game.status)


def _colours(game: FriendlyGame, view: dict) -> dict[str, str]:
    if game.kind in COLOURS:
        return COLOURS[game.kind]
    fixed = view["board"].get("colours") or {}  # dark chess: fixed by the first flip
    return {side: fixed.get(side, side) for side in ("first", "second")}


def _status_text(game: FriendlyGame, view: dict, colours: dict[str, str]) -> str:
    if view["over"]:
        return " · ".join(part for part in (view["result"], game.ending) if part)
    if game.status != Status.PLAYING:
        return str(game.get_status_display())
    to_move = view["to_move"]
    text = _("%(name)s (%(colour)s) to move.") % {
        "name": view["to_move_name"],
        "colour": colour_word(colours[to_move]),
    }
    if view["draw_offered_by"]:
        text += " " + _("%(name)s offers a draw.") % {"name": view["draw_offered_by"]}
    return text


@dataclass(frozen=True)
class Reading:
    """A friendly game as the live screen draws it, and dark chess's squares (`board_rows`)."""

    view: LiveView
    rows: list


def live_read(*, game_id: int, user) -> Reading:
    """The game as its page shows it to `user`, in the shape of a war game's watchers' state
    (`LiveView`: first and second for attacker and defender)."""
    game = friendly_settled(friendly_game(game_id))
    view = friendly_view(game, user)
    colours = _colours(game, view)
    you = view["you"]
    state = {
        "you": you,
        "to_move": view["to_move"],
        "ply": view["ply"],
        "moves": view["moves"],
        "clocks": {clock["side"]: clock["left_ms"] for clock in view["clocks"]},
        "status_text": _status_text(game, view, colours),
        "claimable": {you: view["claim"]} if you and view["claim"] else {},
    }
    banqi = game.kind == FriendlyGame.Kind.BANQI
    live = LiveView(
        state=state,
        kind=game.kind,
        placement="" if banqi else placement(game.kind, game.moves),
        last=game.moves[-1] if game.moves else None,
        names={"first": game.first.username, "second": game.second.username},
        colours=colours,
    )
    return Reading(view=live, rows=view["board"].get("rows", []) if banqi else [])


def replay_read(*, game_id: int, user) -> tuple[Replay, list]:
    """A decided game as the replay shows it: every position, the moves in the reader's notation
    (the page's `notation`); for dark chess, instead of positions, its squares after each action
    with the whole deal shown, as the page shows it once the game is over (R11.7)."""
    game = friendly_settled(friendly_game(game_id))
    view = friendly_view(game, user)
    colours = _colours(game, view)
    banqi = game.kind == FriendlyGame.Kind.BANQI
    squares = []
    if banqi and view["over"] and game.layout:
        squares = [
            board_rows(banqi_replay(game.layout, game.moves[:ply]), reveal=True) for ply in range(view["ply"] + 1)
        ]
    replay = Replay(
        kind=game.kind,
        moves=tuple(game.moves),
        pairs=view["moves"],
        placements=() if banqi else tuple(placements(game.kind, game.moves)),
        players=tuple((colour_word(colours[side]), getattr(game, side).username) for side in ("first", "second")),
        heading=_status_text(game, view, colours),
        black_view=view["you"] is not None and colours[view["you"]] == "black" and not banqi,
    )
    return replay, squares


def act(*, user, game_id: int, frame: dict) -> str:
    """A player's action (a frame as the war's live games take it: move, resign, draw, claim)
    through the friendly game's services, as the page's form posts it; the refusal's text, or ""."""
    action = frame.get("action")
    try:
        if action == "move":
            friendly_move(user=user, game_id=game_id, move=frame.get("move"), ply=frame.get("ply"))
        elif action == "resign":
            friendly_resign(user=user, game_id=game_id)
        elif action == "draw":
            friendly_draw(user=user, game_id=game_id, offer=frame.get("offer", True) is not False)
        elif action == "claim":
            friendly_claim(user=user, game_id=game_id)
        else:
            raise RuleViolation("R11.3", _("Unknown action."))
    except RuleViolation as refused:  # NotAllowed and Stale too
        return refused.refusal
    return ""
