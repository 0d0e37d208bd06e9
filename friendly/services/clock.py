"""The clocks of a friendly game: each player's time runs while they are to move and gains the
increment with each of their moves; running out loses (R11.3: time), decided by itself at the
flag's instant by a Celery message (`friendly.tasks.flag_due`, sent once the instant is within
TIMER_LEAD_SECONDS), with beat's sweep (`friendly.tasks.sweep_flags`) sending what nears and
deciding what a lost message left overdue; checked again at every move and read. Deciding is
idempotent: a late or repeated message finds the game over, or its flag moved by a move since.
The flag's message and sweep are hero tactics' too (campaign/flags.py)."""

from datetime import datetime

from django.db import transaction

from campaign import clock
from campaign.flags import flag_arm, flag_fallen, flag_settled, flags_sweep
from friendly.models import FriendlyGame
from friendly.rules import other
from friendly.services.common import decide, locked, saved, side_to_move

FLAG_TASK = "friendly.tasks.flag_due"


def arm_flag(game: FriendlyGame, now: datetime) -> list[str]:
    """The flag's message sent after commit if its instant is near, else left to the sweep."""
    flag_arm(game, now, FLAG_TASK)
    return ["flag_at", "flag_sent_at"]


def friendly_flag_check(*, game_id: int) -> bool:
    """The side to move loses if its time ran out (R11.3). True when this call decided the game."""
    with transaction.atomic():
        game = locked(game_id)
        now = clock.now()
        if not flag_fallen(game, now):
            return False
        side = side_to_move(game)
        assert side is not None
        saved(game, decide(game, other(side), "time", now))
        return True


def _check(game_id: int) -> bool:
    return friendly_flag_check(game_id=game_id)


def friendly_sweep_flags() -> int:
    """Beat's sweep: every flag overdue decided, every flag now near given its message. Returns
    how many games it decided."""
    playing = FriendlyGame.objects.filter(status=FriendlyGame.Status.PLAYING)
    return flags_sweep(playing=playing, task=FLAG_TASK, check=_check)


def friendly_settled(game: FriendlyGame) -> FriendlyGame:
    """The game as a read should show it: decided by its flag if that fell (nobody claims it).
    No query unless it fell."""
    return flag_settled(game, _check)
