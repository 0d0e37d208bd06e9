"""The team form (T2.6): a side split among several players, one hero each. Before the picks any
signed-in account not yet in the game takes an open seat of the side it chooses (the game's page
is the invitation: the captains pass its address to their friends); a seated player leaves, or
their captain unseats them, until the picks begin. Once the challenge is accepted and every seat
is taken, the captains pick (T2.3)."""

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.errors import NotAllowed, RuleViolation
from campaign.rules.text import shown_name, text_fault
from tactics.models import TacticsGame, TacticsSeat
from tactics.services.common import locked, saved, seats_filled

FORMING = (TacticsGame.Status.CHALLENGED, TacticsGame.Status.SEATING)


def _forming(game: TacticsGame) -> None:
    if game.seats <= 1:
        raise RuleViolation("T2.6", _("This game has one player a side: it has no seats to take."))
    if game.status not in FORMING:
        raise RuleViolation("T2.6", _("The seats are taken and left before the picks begin."))


@transaction.atomic
def tactics_join(*, user, game_id: int, side: object) -> TacticsGame:
    """`user` takes the first open seat of `side` (first or second) in a team game (T2.6)."""
    game = locked(game_id)
    _forming(game)
    if side not in ("first", "second"):
        raise RuleViolation("T2.1", _("Choose your side: first (先手) or second (後手)."))
    if game.side_of(user.pk) is not None:
        raise NotAllowed("T2.6", _("You already play in this game: one seat an account."))
    taken = {seat.place for seat in game.team() if seat.side == side}
    free = [place for place in range(1, game.seats) if place not in taken]
    if not free:
        raise RuleViolation("T2.6", _("That side's seats are all taken."))
    try:
        with transaction.atomic():
            TacticsSeat.objects.create(game=game, side=str(side), place=free[0], user=user, seated_at=clock.now())
    except IntegrityError:  # the same account twice at once: the constraint keeps one seat
        raise RuleViolation("T2.6", _("You already play in this game: one seat an account.")) from None
    game.__dict__.pop("_team", None)
    if game.status == TacticsGame.Status.SEATING and seats_filled(game):
        game.status = TacticsGame.Status.PICKING
    return saved(game, ["status"])


@transaction.atomic
def tactics_unseat(*, user, game_id: int, player_name: object = None) -> TacticsGame:
    """A seated player leaves (`player_name` None or their own name), or a captain unseats a
    player of their side, before the picks begin (T2.6)."""
    game = locked(game_id)
    _forming(game)
    name = user.username if player_name in (None, "") else str(player_name)
    found = None
    if not text_fault(name, max_length=150, multiline=False):  # a NUL would break PostgreSQL's query
        found = get_user_model().objects.filter(username__iexact=name).first()
    seat = next((s for s in game.team() if found is not None and s.user_id == found.pk), None)
    if seat is None:
        raise RuleViolation("T2.6", _("“%(name)s” has no seat in this game.") % {"name": shown_name(name)})
    if user.pk not in (seat.user_id, game.player_of(seat.side)):
        raise NotAllowed("T2.6", _("A player leaves their own seat; only their side's captain unseats them."))
    seat.delete()
    game.__dict__.pop("_team", None)
    return saved(game, [])
