"""A hero tactics game begins as a challenge from one account to another, with its settings
(§T15) and the challenger's side (T2.1: by agreement, the challenged accepting it). The seed is
drawn now, before any pick, and only its commitment is shown until the end (T10.2, T18.1)."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.challenges import challenge_answer_check, challenge_unanswered_refuse, challenged_account
from campaign.errors import NotAllowed, RuleViolation
from games.tactics.dice import commitment, new_seed
from games.tactics.errors import TacticsViolation
from tactics.models import TacticsGame
from tactics.rules import challenge_settings
from tactics.services.common import locked, refusal, saved, seats_filled


@transaction.atomic
def tactics_challenge(
    *, user, opponent_name: str, settings: dict, side: str = "first", seats: object = 1, seek: bool = False
) -> TacticsGame:
    """`user` challenges the account named `opponent_name` (its username, in any case). With
    `seats` above 1 it is the team form (T2.6): each of them captains a side of that many players,
    the others taking the open seats before the picks (tactics/services/seats.py). One unanswered
    challenge to the same account at a time, as for the board games (T2.6), but a seek taken up
    (`seek`) is answered at once."""
    opponent = challenged_account(user, opponent_name)
    if side not in ("first", "second"):
        raise RuleViolation("T2.1", _("Choose your side: first (先手) or second (後手)."))
    try:
        written, board = challenge_settings(settings)
    except TacticsViolation as fault:
        raise refusal(fault) from None
    heroes = written.get("heroes_per_side", 3)
    if type(seats) is not int or not 1 <= seats <= heroes:
        raise RuleViolation(
            "T2.6", _("Players a side are from 1 to the heroes a side (%(n)s): one hero each.") % {"n": heroes}
        )
    if not seek:
        waiting = TacticsGame.objects.filter(challenger=user, opponent=opponent, status=TacticsGame.Status.CHALLENGED)
        challenge_unanswered_refuse(opponent, waiting)
    seed = new_seed()
    game = TacticsGame.objects.create(
        challenger=user,
        opponent=opponent,
        challenger_side=side,
        settings=written,
        seats=seats,
        map=board,
        seed=seed,
        commitment=commitment(seed),
        picks={},
        deployments={},
        created_at=clock.now(),
    )
    return saved(game, [])


@transaction.atomic
def tactics_accept(*, user, game_id: int) -> TacticsGame:
    """The challenged account accepts: both sides pick their heroes (T2.3), once every seat of a
    team game is taken (T2.6)."""
    game = locked(game_id)
    challenge_answer_check(
        user, challenged_id=game.opponent_id, unanswered=game.status == TacticsGame.Status.CHALLENGED
    )
    game.status = TacticsGame.Status.PICKING if seats_filled(game) else TacticsGame.Status.SEATING
    return saved(game, ["status"])


@transaction.atomic
def tactics_decline(*, user, game_id: int) -> TacticsGame:
    game = locked(game_id)
    challenge_answer_check(
        user, challenged_id=game.opponent_id, unanswered=game.status == TacticsGame.Status.CHALLENGED
    )
    game.status = TacticsGame.Status.DECLINED
    return saved(game, ["status"])


@transaction.atomic
def tactics_cancel(*, user, game_id: int) -> TacticsGame:
    """The challenger withdraws a challenge not yet answered; once accepted, either player may call
    the game off until it starts (after that, a player resigns: T13.4)."""
    game = locked(game_id)
    if user.pk not in (game.challenger_id, game.opponent_id):  # a team game's seated players too
        raise NotAllowed("T2.6", _("Only the challenger or the challenged account calls a game off."))
    if game.battle_id is not None:
        raise RuleViolation(
            "W3",
            _(
                "A battle's game is not called off: play it, or resign it once it is played; the "
                "authority of R11.3 may enter its result."
            ),
        )
    if game.status == TacticsGame.Status.CHALLENGED and user.pk != game.challenger_id:
        raise NotAllowed("T2.6", _("Only the challenger withdraws a challenge; decline it instead."))
    if game.status not in (
        TacticsGame.Status.CHALLENGED,
        TacticsGame.Status.SEATING,
        TacticsGame.Status.PICKING,
        TacticsGame.Status.DEPLOYING,
    ):
        raise RuleViolation("T13.4", _("A game that has started is not called off: resign it instead."))
    game.status = TacticsGame.Status.CANCELLED
    return saved(game, ["status"])
