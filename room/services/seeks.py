"""A seek in the game room: opened by a signed-in account, withdrawn by its owner, or accepted by
any other account, once. Accepted, a hero tactics seek becomes a challenge from its owner to the
account that accepted it, answered at once (tactics/services/challenges.py): both then pick (T2.3);
a xiangqi, chess or dark chess seek becomes a friendly game the same way, its clocks running at
once (friendly/services/challenges.py).
Each change tells the open room pages after commit (room/fanout.py through `watchers`)."""

from collections.abc import Callable
from functools import partial

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.errors import NotAllowed, RuleViolation
from friendly.rules import KINDS as BOARD_KINDS
from friendly.services.challenges import friendly_accept, friendly_challenge, timing
from games.tactics.errors import TacticsViolation
from room.models import Seek
from tactics.rules import challenge_settings
from tactics.services.challenges import tactics_accept, tactics_challenge
from tactics.services.common import refusal

# Called after commit with the seek's id: room/fanout.py puts it on the channel layer.
watchers: list[Callable[[int], None]] = []


def _told(seek: Seek) -> Seek:
    for tell in watchers:
        transaction.on_commit(partial(tell, seek.pk), robust=True)
    return seek


def _locked(seek_id: int) -> Seek:
    return Seek.objects.select_for_update(no_key=True).select_related("owner").get(pk=seek_id)


def _settings(kind: str, settings: object) -> dict:
    """What a seek keeps of its settings: a board game's time control (R11.3, bounded), or the
    hero tactics settings that differ from the defaults (T15)."""
    if kind in BOARD_KINDS:
        base_s, increment_s = timing(settings)
        return {"base_minutes": base_s // 60, "increment_s": increment_s}
    try:
        written, _board = challenge_settings({} if settings is None else settings)
    except TacticsViolation as fault:
        raise refusal(fault) from None
    return written


@transaction.atomic
def seek_open(
    *, user, kind: str = Seek.Kind.TACTICS, settings: object = None, side: str = "first", seats: object = 1
) -> Seek:
    """`user` opens a seek for a friendly game of `kind` with its settings (T15; a board game's
    time control), their side (T2.1) and, in hero tactics, its players a side (`seats`, the team
    form: T2.6); one open seek a kind for each account."""
    if kind not in Seek.Kind.values:
        raise RuleViolation(
            "T15", _("The game room offers these games: %(kinds)s.") % {"kinds": ", ".join(Seek.Kind.values)}
        )
    if side not in ("first", "second"):
        raise RuleViolation("T2.1", _("Choose your side: first (先手) or second (後手)."))
    written = _settings(kind, settings)
    heroes = written.get("heroes_per_side", 3)
    if kind in BOARD_KINDS and seats != 1:
        raise RuleViolation("T2.6", _("Only hero tactics is played as teams: a board game has one player a side."))
    if type(seats) is not int or not 1 <= seats <= heroes:
        raise RuleViolation(
            "T2.6", _("Players a side are from 1 to the heroes a side (%(n)s): one hero each.") % {"n": heroes}
        )
    if Seek.objects.filter(owner=user, kind=kind, status=Seek.Status.OPEN).exists():
        raise RuleViolation(
            "T2.6", _("You already have an open seek for this game: withdraw it before opening another.")
        )
    try:
        with transaction.atomic():
            seek = Seek.objects.create(
                owner=user, kind=kind, side=side, settings=written, seats=seats, created_at=clock.now()
            )
    except IntegrityError:  # the same seek sent twice at once: the constraint keeps one
        raise RuleViolation(
            "T2.6", _("You already have an open seek for this game: withdraw it before opening another.")
        ) from None
    return _told(seek)


@transaction.atomic
def seek_withdraw(*, user, seek_id: int) -> Seek:
    """The owner takes back a seek nobody has accepted."""
    seek = _locked(seek_id)
    if seek.owner_id != user.pk:
        raise NotAllowed("T2.6", _("Only the account that opened a seek withdraws it."))
    if seek.status != Seek.Status.OPEN:
        raise RuleViolation("T2.3", _("This seek is no longer open."))
    seek.status, seek.answered_at = Seek.Status.WITHDRAWN, clock.now()
    seek.save(update_fields=["status", "answered_at"])
    return _told(seek)


@transaction.atomic
def seek_accept(*, user, seek_id: int) -> Seek:
    """Another account takes up an open seek: the game is made with the seek's settings and
    sides; in hero tactics both go on to pick their heroes (T2.3), or first to fill a team game's
    seats (T2.6); a board game's clocks start. A seek is accepted once."""
    seek = _locked(seek_id)
    if seek.owner_id == user.pk:
        raise NotAllowed("T2.6", _("A game has two players: you cannot accept your own seek."))
    if seek.status != Seek.Status.OPEN:
        raise RuleViolation("T2.3", _("This seek is no longer open: someone accepted it, or its owner withdrew it."))
    seek.status, seek.answered_at, seek.accepted_by = Seek.Status.ACCEPTED, clock.now(), user
    if seek.kind in BOARD_KINDS:
        made = friendly_challenge(
            user=seek.owner,
            opponent_name=user.username,
            kind=seek.kind,
            settings=seek.settings,
            side=seek.side,
            seek=True,
        )
        seek.friendly_game = friendly_accept(user=user, game_id=made.pk)
    else:
        game = tactics_challenge(
            user=seek.owner,
            opponent_name=user.username,
            settings=seek.settings,
            side=seek.side,
            seats=seek.seats,
            seek=True,
        )
        tactics_accept(user=user, game_id=game.pk)
        seek.tactics_game = game
    seek.save(update_fields=["status", "answered_at", "accepted_by", "tactics_game", "friendly_game"])
    return _told(seek)
