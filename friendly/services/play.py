"""A friendly game played: each move judged by the war's live judge (games/live.py: R11.3
legality, mate, stalemate, a xiangqi repetition at its limit; dark chess by games/banqi.py,
R11.7, the site flipping the hidden pieces of its secret deal), stored with the clocks moved on
and the flag re-armed; resignation, a draw offered and accepted, a repetition claimed (R11.3).
A refused action changes nothing. No war effect: no campaign, no ledger."""

from collections.abc import Callable
from datetime import timedelta
from functools import wraps

from django.db import transaction
from django.utils.translation import gettext as _

from battles.services.banqi_refusals import banqi_refusal
from campaign import clock
from campaign.errors import RuleViolation, Stale
from friendly.models import FriendlyGame
from friendly.rules import REPETITION_LIMIT, banqi_result, other, side_result, to_move
from friendly.services.clock import arm_flag, friendly_flag_check
from friendly.services.common import decide, locked, player, saved
from games import RecordError
from games.banqi import BanqiError
from games.banqi import replay as banqi_replay
from games.claims import claimable
from games.live import play
from play.services.records import record_error

COLOURS = {"xiangqi": ("red", "black"), "chess": ("white", "black")}


def _judged(game: FriendlyGame, side: str, move: str) -> tuple[list[str], str | None, str]:
    """The moves after `move` and the result (first, second, draw or None) with how it came."""
    if game.kind == FriendlyGame.Kind.BANQI:
        engine = banqi_replay(game.layout, game.moves)
        try:
            engine.play(move, player=0 if side == "first" else 1)
        except BanqiError as exc:
            raise RuleViolation("R11.7", banqi_refusal(exc)) from None
        result = banqi_result(engine.result) if engine.result is not None else None
        return engine.actions, result, engine.termination
    try:
        judgement = play(game.kind, game.moves, move, repetition_limit=REPETITION_LIMIT)
    except RecordError as exc:
        raise record_error(exc) from None
    result = side_result(judgement.result) if judgement.result is not None else None
    return judgement.moves, result, judgement.termination.value


def _flag_first(service: Callable[..., FriendlyGame]) -> Callable[..., FriendlyGame]:
    """The service run in its own transaction after the game's flag is decided if it fell (in
    a transaction of its own: a fallen flag stands even when the action is then refused)."""

    @wraps(service)
    def run(*, game_id: int, **kwargs) -> FriendlyGame:
        friendly_flag_check(game_id=game_id)
        with transaction.atomic():
            return service(game_id=game_id, **kwargs)

    return run


def _playing(user, game_id: int) -> tuple[FriendlyGame, str]:
    """The game locked for `user`'s action."""
    game = locked(game_id)
    return game, player(game, user)


@_flag_first
def friendly_move(*, user, game_id: int, move: object, ply: object) -> FriendlyGame:
    """`user` plays `move` as move number `ply` + 1 (the number they saw: a move sent twice, or
    from a stale page, is refused)."""
    game, side = _playing(user, game_id)
    if ply != len(game.moves):
        raise Stale("R11.3", _("That move was already played, or the board changed: look again."))
    if side != to_move(game.kind, game.moves):
        raise RuleViolation("R11.3", _("It is not your turn."))
    if not isinstance(move, str) or not move.strip() or len(move) > 16:
        raise RuleViolation("R11.3", _("Write your move: click two points, or type it (炮二平五, h2e2, e2e4, b3-b4)."))
    moves, result, termination = _judged(game, side, move.strip())
    now = clock.now()
    left = game.left_ms(side, now, side) + game.increment_s * 1000
    setattr(game, f"{side}_left_ms", left)
    game.moves, game.turn_since, game.draw_offered_by = moves, now, ""
    fields = ["moves", "turn_since", f"{side}_left_ms", "draw_offered_by"]
    if result is not None:
        return saved(game, [*fields, *decide(game, result, termination, now)])
    game.flag_at = now + timedelta(milliseconds=getattr(game, f"{other(side)}_left_ms"))
    return saved(game, [*fields, *arm_flag(game, now)])


@_flag_first
def friendly_resign(*, user, game_id: int) -> FriendlyGame:
    game, side = _playing(user, game_id)
    return saved(game, decide(game, other(side), "resignation", clock.now()))


@_flag_first
def friendly_draw(*, user, game_id: int, offer: bool = True) -> FriendlyGame:
    """Offer a draw, or accept the opponent's offer (then the game is drawn); `offer=False`
    declines or withdraws it. A move declines it too."""
    game, side = _playing(user, game_id)
    if not offer:
        game.draw_offered_by = ""
    elif game.draw_offered_by and game.draw_offered_by != side:
        return saved(game, decide(game, "draw", "agreement", clock.now()))
    else:
        game.draw_offered_by = side
    return saved(game, ["draw_offered_by"])


def claims(game: FriendlyGame) -> dict[str, dict[str, str]]:
    """first / second → what that player may claim now (R11.3: a repetition; in chess also fifty
    moves): its kind and the result it gives."""
    if game.status != FriendlyGame.Status.PLAYING or game.kind not in COLOURS:
        return {}
    by_colour = claimable(game.kind, game.moves)
    sides = dict(zip(("first", "second"), COLOURS[game.kind], strict=True))
    return {
        side: {"kind": claim.kind, "result": side_result(claim.result)}
        for side, colour in sides.items()
        if (claim := by_colour.get(colour)) is not None
    }


@_flag_first
def friendly_claim(*, user, game_id: int) -> FriendlyGame:
    """`user` claims what the position lets them claim (R11.3); the site rules at once."""
    game, side = _playing(user, game_id)
    claim = claims(game).get(side)
    if claim is None:
        raise RuleViolation(
            "R11.3",
            _(
                "Nothing can be claimed here: a repetition is claimed when the position stands a third time "
                "(in chess also after fifty moves without a capture or a pawn move), by a player entitled to it, "
                "before their next move."
            ),
        )
    return saved(game, decide(game, claim["result"], f"{claim['kind']}_claimed", clock.now()))
