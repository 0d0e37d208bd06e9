"""The clocks of a friendly game: each player's time runs while they are to move and gains the
increment with each of their moves; running out loses (R11.3: time), decided by itself at the
flag's instant by a Celery message (`friendly.tasks.flag_due`, sent once the instant is within
TIMER_LEAD_SECONDS), with beat's sweep (`friendly.tasks.sweep_flags`) sending what nears and
deciding what a lost message left overdue; checked again at every move and read. Deciding is
idempotent: a late or repeated message finds the game over, or its flag moved by a move since."""

from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction

from campaign import clock
from campaign.timers import send_soon
from friendly.models import FriendlyGame
from friendly.rules import other
from friendly.services.common import decide, locked, saved, side_to_move

FLAG_TASK = "friendly.tasks.flag_due"


def _lead() -> timedelta:
    return timedelta(seconds=settings.TIMER_LEAD_SECONDS)


def _send(game_id: int, at: datetime) -> None:
    send_soon(lambda: current_app.send_task(FLAG_TASK, args=[game_id], eta=at, retry=False))


def arm_flag(game: FriendlyGame, now: datetime) -> list[str]:
    """The flag's message sent after commit if its instant is near, else left to the sweep."""
    game.flag_sent_at = None
    if game.flag_at is not None and game.flag_at - now <= _lead():
        game.flag_sent_at = now
        pk, at = game.pk, game.flag_at
        transaction.on_commit(lambda: _send(pk, at))
    return ["flag_at", "flag_sent_at"]


def fallen(game: FriendlyGame, now: datetime) -> bool:
    return game.status == FriendlyGame.Status.PLAYING and game.flag_at is not None and now >= game.flag_at


def friendly_flag_check(*, game_id: int) -> bool:
    """The side to move loses if its time ran out (R11.3). True when this call decided the game."""
    with transaction.atomic():
        game = locked(game_id)
        now = clock.now()
        if not fallen(game, now):
            return False
        side = side_to_move(game)
        assert side is not None
        saved(game, decide(game, other(side), "time", now))
        return True


def friendly_sweep_flags() -> int:
    """Beat's sweep: every flag overdue decided, every flag now near given its message. Returns
    how many games it decided."""
    now = clock.now()
    playing = FriendlyGame.objects.filter(status=FriendlyGame.Status.PLAYING)
    overdue = list(playing.filter(flag_at__lte=now).values_list("pk", flat=True))
    decided = sum(friendly_flag_check(game_id=pk) for pk in overdue)
    nearing = list(playing.filter(flag_sent_at__isnull=True, flag_at__lte=now + _lead()).values_list("pk", "flag_at"))
    FriendlyGame.objects.filter(pk__in=[pk for pk, _at in nearing], flag_sent_at__isnull=True).update(flag_sent_at=now)
    for pk, at in nearing:
        if at is not None:
            _send(pk, at)
    return decided


def friendly_settled(game: FriendlyGame) -> FriendlyGame:
    """The game as a read should show it: decided by its flag if that fell (nobody claims it).
    No query unless it fell."""
    if fallen(game, clock.now()) and friendly_flag_check(game_id=game.pk):
        game.refresh_from_db()
    return game
