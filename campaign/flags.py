"""A game's flag kept on its own row (the game room's friendly games, friendly/, and hero tactics,
tactics/): `flag_at`, the instant the side to act runs out of time, and `flag_sent_at`, when its
Celery message went. The message is sent once the instant is within TIMER_LEAD_SECONDS (on commit
of the change that set it, or by beat's sweep once it nears), so a flag that a move moves again
costs no broker message; the sweep also decides what a lost message left overdue. The game's
own check decides, idempotently: a late or repeated message finds the game over, or its flag
moved by a move since."""

from collections.abc import Callable
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet

from campaign import clock
from campaign.timers import send_soon


def flag_lead() -> timedelta:
    return timedelta(seconds=settings.TIMER_LEAD_SECONDS)


def flag_send(task: str, game_id: int, at: datetime) -> None:
    """The game's flag message `task` handed to the sending thread, due at `at`."""
    send_soon(lambda: current_app.send_task(task, args=[game_id], eta=at, retry=False))


def flag_arm(game, now: datetime, task: str) -> None:
    """The flag's message sent after commit if its instant is near, else left to the sweep; the
    caller saves `flag_sent_at`."""
    game.flag_sent_at = None
    if game.flag_at is not None and game.flag_at - now <= flag_lead():
        game.flag_sent_at = now
        pk, at = game.pk, game.flag_at
        transaction.on_commit(lambda: flag_send(task, pk, at))


def flag_fallen(game, now: datetime) -> bool:
    """The game is being played and its side to act is out of time."""
    return game.status == game.Status.PLAYING and game.flag_at is not None and now >= game.flag_at


def flag_settled(game, check: Callable[[int], bool]):
    """The game as a read should show it: decided by `check` if its flag fell since the last act
    (nobody needs to claim it). No query unless it fell."""
    if flag_fallen(game, clock.now()) and check(game.pk):
        game.refresh_from_db()
    return game


def flags_sweep(*, playing: QuerySet, task: str, check: Callable[[int], bool]) -> int:
    """Beat's sweep over `playing` (the games whose clocks run): every flag overdue decided by
    `check` (with the game's id), every flag now near given its message `task`. Returns how many
    games it decided."""
    now = clock.now()
    overdue = list(playing.filter(flag_at__lte=now).values_list("pk", flat=True))
    decided = sum(check(pk) for pk in overdue)
    nearing = list(
        playing.filter(flag_sent_at__isnull=True, flag_at__lte=now + flag_lead()).values_list("pk", "flag_at")
    )
    playing.model.objects.filter(pk__in=[pk for pk, _at in nearing], flag_sent_at__isnull=True).update(flag_sent_at=now)
    for pk, at in nearing:
        if at is not None:
            flag_send(task, pk, at)
    return decided
