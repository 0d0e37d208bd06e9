"""A friendly game begins as a challenge from one account to another (named, or a seek taken up
in the game room): its kind, the challenger's side (R11.2: the first player is red or white, or
acts first in dark chess) and its time control, bounded. Accepted, the game starts at once and the
first player's clock runs; a dark chess deal is drawn then, only its hash shown until the end
(R11.7)."""

import secrets
from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.challenges import challenge_answer_check, challenge_unanswered_refuse, challenged_account
from campaign.errors import NotAllowed, RuleViolation
from friendly.models import FriendlyGame
from friendly.rules import BASE_MINUTES, INCREMENT_S, KINDS, TimeControlError, time_control
from friendly.services.clock import arm_flag
from friendly.services.common import locked, saved
from games.banqi import deal, layout_hash


def kind_refusal() -> RuleViolation:
    return RuleViolation("R11.1", _("A friendly game is xiangqi, chess or dark chess."))


def timing(settings: object) -> tuple[int, int]:
    """The time control a challenge asks for (R11.3: the clocks of a game played live), or its
    refusal naming the bounds."""
    try:
        return time_control(settings)
    except TimeControlError as fault:
        if fault.field == "base_minutes":
            message = _("The time per player is a whole number of minutes from %(low)d to %(high)d.")
            bounds = BASE_MINUTES
        else:
            message = _("The time added per move is a whole number of seconds from %(low)d to %(high)d.")
            bounds = INCREMENT_S
        raise RuleViolation("R11.3", message % {"low": bounds[0], "high": bounds[1]}) from None


@transaction.atomic
def friendly_challenge(
    *, user, opponent_name: str, kind: str, settings: object = None, side: str = "first", seek: bool = False
) -> FriendlyGame:
    """`user` challenges the account named `opponent_name` (its username, in any case) to a game
    of `kind`, playing `side` (first or second), with the time control of `settings`; one
    unanswered challenge to the same account at a time, but a seek taken up (`seek`) is
    answered at once."""
    if kind not in KINDS:
        raise kind_refusal()
    opponent = challenged_account(user, opponent_name)
    if side not in ("first", "second"):
        raise RuleViolation("R11.2", _("Choose your side: first (先手) or second (後手)."))
    base_s, increment_s = timing(settings)
    if not seek:
        waiting = FriendlyGame.objects.filter(
            challenger=user,
            status=FriendlyGame.Status.CHALLENGED,
            first__in=(user, opponent),
            second__in=(user, opponent),
        )
        challenge_unanswered_refuse(opponent, waiting)
    first, second = (user, opponent) if side == "first" else (opponent, user)
    game = FriendlyGame.objects.create(
        kind=kind,
        first=first,
        second=second,
        challenger=user,
        base_s=base_s,
        increment_s=increment_s,
        created_at=clock.now(),
    )
    return saved(game, [])


def _answer(game: FriendlyGame, user) -> None:
    challenge_answer_check(
        user,
        challenged_id=game.opponent_of(game.challenger_id),
        unanswered=game.status == FriendlyGame.Status.CHALLENGED,
    )


@transaction.atomic
def friendly_accept(*, user, game_id: int) -> FriendlyGame:
    """The challenged account accepts: the game starts, the first player's clock running."""
    game = locked(game_id)
    _answer(game, user)
    now = clock.now()
    game.status, game.started_at, game.turn_since = FriendlyGame.Status.PLAYING, now, now
    game.first_left_ms = game.second_left_ms = game.base_s * 1000
    game.flag_at = now + timedelta(seconds=game.base_s)
    fields = ["status", "started_at", "turn_since", "first_left_ms", "second_left_ms"]
    if game.kind == FriendlyGame.Kind.BANQI:
        game.layout, game.salt = deal(), secrets.token_hex(16)
        game.layout_hash = layout_hash(game.layout, game.salt)
        fields += ["layout", "salt", "layout_hash"]
    return saved(game, [*fields, *arm_flag(game, now)])


@transaction.atomic
def friendly_decline(*, user, game_id: int) -> FriendlyGame:
    game = locked(game_id)
    _answer(game, user)
    game.status = FriendlyGame.Status.DECLINED
    return saved(game, ["status"])


@transaction.atomic
def friendly_cancel(*, user, game_id: int) -> FriendlyGame:
    """The challenger withdraws a challenge not yet answered."""
    game = locked(game_id)
    if user.pk != game.challenger_id:
        raise NotAllowed("T2.6", _("Only the challenger withdraws a challenge; decline it instead."))
    if game.status != FriendlyGame.Status.CHALLENGED:
        raise RuleViolation("T2.3", _("This challenge has already been answered."))
    game.status = FriendlyGame.Status.CANCELLED
    return saved(game, ["status"])
