"""The clocks of a hero tactics game (W7): each side's time bank runs while its player is to act,
and gains the increment at each action turn its side begins. Running out loses (T13.4), decided
by itself (W4): checked at every act and read, and at the flag's instant by a Celery message
(`tactics.tasks.flag_due`, sent once the instant is within TIMER_LEAD_SECONDS), with beat's sweep
(`tactics.tasks.sweep_flags`, every TIMER_SWEEP_SECONDS) sending what nears and deciding what a
lost message left overdue. Deciding is idempotent: a late or repeated message finds the game over,
or its flag moved by an act since."""

from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction

from campaign import clock
from campaign.timers import send_soon
from tactics.models import TacticsGame
from tactics.services.battle import battle_held
from tactics.services.common import locked, saved

FLAG_TASK = "tactics.tasks.flag_due"


def _lead() -> timedelta:
    return timedelta(seconds=settings.TIMER_LEAD_SECONDS)


def _send(game_id: int, at: datetime) -> None:
    send_soon(lambda: current_app.send_task(FLAG_TASK, args=[game_id], eta=at, retry=False))


def arm_flag(game: TacticsGame, now: datetime) -> list[str]:
    """The flag's message sent after commit if its instant is near, else left to the sweep."""
    game.flag_sent_at = None
    if game.flag_at is not None and game.flag_at - now <= _lead():
        game.flag_sent_at = now
        pk, at = game.pk, game.flag_at
        transaction.on_commit(lambda: _send(pk, at))
    return ["flag_sent_at"]


def decide(game: TacticsGame, outcome: str, reason: str, now: datetime) -> list[str]:
    """The game over (T13): its result in the record, no clock running; the seed is revealed by
    the reads from now on (T18.1)."""
    assert game.record is not None
    game.record = {**game.record, "result": {"outcome": outcome, "reason": reason}}
    game.status, game.outcome, game.reason = TacticsGame.Status.DECIDED, outcome, reason
    game.decided_at, game.to_act, game.flag_at, game.flag_sent_at, game.pending = now, "", None, None, None
    return ["record", "status", "outcome", "reason", "decided_at", "to_act", "flag_at", "flag_sent_at", "pending"]


def fallen(game: TacticsGame, now: datetime) -> bool:
    return game.status == TacticsGame.Status.PLAYING and game.flag_at is not None and now >= game.flag_at


def tactics_flag_check(*, game_id: int) -> bool:
    """The side to act loses if its time ran out (W7, T13.4): the record gains its `flag` action.
    True when this call decided the game."""
    with transaction.atomic():
        game = locked(game_id, acting=False)
        now = clock.now()
        if not fallen(game, now) or battle_held(game):  # a paused war's battle: its clock stands still
            return False
        side = game.to_act
        setattr(game, f"{side}_left_ms", 0)
        assert game.record is not None
        game.record = {**game.record, "actions": [*game.record["actions"], {"act": "flag", "side": side}]}
        other = "second" if side == "first" else "first"
        saved(game, [f"{side}_left_ms", *decide(game, other, "flag", now)])
        return True


def tactics_sweep_flags() -> int:
    """Beat's sweep: every flag overdue decided, every flag now near given its message. Returns
    how many games it decided."""
    now = clock.now()
    playing = TacticsGame.objects.filter(status=TacticsGame.Status.PLAYING)
    overdue = list(playing.filter(flag_at__lte=now).values_list("pk", flat=True))
    decided = sum(tactics_flag_check(game_id=pk) for pk in overdue)
    nearing = list(playing.filter(flag_sent_at__isnull=True, flag_at__lte=now + _lead()).values_list("pk", "flag_at"))
    TacticsGame.objects.filter(pk__in=[pk for pk, _at in nearing], flag_sent_at__isnull=True).update(flag_sent_at=now)
    for pk, at in nearing:
        if at is not None:
            _send(pk, at)
    return decided


def tactics_settled(game: TacticsGame) -> TacticsGame:
    """The game as a read should show it: decided by its flag if that fell since the last act
    (W4: nobody needs to claim it). No query unless it fell."""
    if fallen(game, clock.now()) and tactics_flag_check(game_id=game.pk):
        game.refresh_from_db()
    return game
