"""The clocks of a hero tactics game (W7): each side's time bank runs while its player is to act,
and gains the increment at each action turn its side begins. Running out loses (T13.4), decided
by itself (W4): checked at every act and read, and at the flag's instant by a Celery message
(`tactics.tasks.flag_due`, sent once the instant is within TIMER_LEAD_SECONDS), with beat's sweep
(`tactics.tasks.sweep_flags`, every TIMER_SWEEP_SECONDS) sending what nears and deciding what a
lost message left overdue. Deciding is idempotent: a late or repeated message finds the game over,
or its flag moved by an act since. The flag's message and sweep are the friendly games' too
(campaign/flags.py)."""

from datetime import datetime

from django.db import transaction

from campaign import clock
from campaign.flags import flag_arm, flag_fallen, flag_settled, flags_sweep
from tactics.models import TacticsGame
from tactics.services.battle import battle_held
from tactics.services.common import locked, saved

FLAG_TASK = "tactics.tasks.flag_due"


def arm_flag(game: TacticsGame, now: datetime) -> list[str]:
    """The flag's message sent after commit if its instant is near, else left to the sweep."""
    flag_arm(game, now, FLAG_TASK)
    return ["flag_sent_at"]


def decide(game: TacticsGame, outcome: str, reason: str, now: datetime) -> list[str]:
    """The game over (T13): its result in the record, no clock running; the seed is revealed by
    the reads from now on (T18.1)."""
    assert game.record is not None
    game.record = {**game.record, "result": {"outcome": outcome, "reason": reason}}
    game.status, game.outcome, game.reason = TacticsGame.Status.DECIDED, outcome, reason
    game.decided_at, game.to_act, game.flag_at, game.flag_sent_at, game.pending = now, "", None, None, None
    return ["record", "status", "outcome", "reason", "decided_at", "to_act", "flag_at", "flag_sent_at", "pending"]


def tactics_flag_check(*, game_id: int) -> bool:
    """The side to act loses if its time ran out (W7, T13.4): the record gains its `flag` action.
    True when this call decided the game."""
    with transaction.atomic():
        game = locked(game_id, acting=False)
        now = clock.now()
        if not flag_fallen(game, now) or battle_held(game):  # a paused war's battle: its clock stands still
            return False
        side = game.to_act
        setattr(game, f"{side}_left_ms", 0)
        assert game.record is not None
        game.record = {**game.record, "actions": [*game.record["actions"], {"act": "flag", "side": side}]}
        other = "second" if side == "first" else "first"
        saved(game, [f"{side}_left_ms", *decide(game, other, "flag", now)])
        return True


def _check(game_id: int) -> bool:
    return tactics_flag_check(game_id=game_id)


def tactics_sweep_flags() -> int:
    """Beat's sweep: every flag overdue decided, every flag now near given its message. Returns
    how many games it decided."""
    playing = TacticsGame.objects.filter(status=TacticsGame.Status.PLAYING)
    return flags_sweep(playing=playing, task=FLAG_TASK, check=_check)


def tactics_settled(game: TacticsGame) -> TacticsGame:
    """The game as a read should show it: decided by its flag if that fell since the last act
    (W4: nobody needs to claim it). No query unless it fell."""
    return flag_settled(game, _check)
