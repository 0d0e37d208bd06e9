"""What a pause of the war moves in the war's own rows (seasons/services/season_life.py holds and
moves the timers): registered as `hooks.war_resume_hooks`, called as the pause ends while the
timers it held are still `paused`, so each row moved is one whose deadline was held.

- An army on the road (R4.5), a pursuit window (R8.2), a stratagem's challenge (R9.3): their
  columns move with their timers, so the pages show the moved instants.
- A live game's clock (games/live.py reads `turn_since` and the time left): the stamp
  of the turn moves by the pause, so after the resume the side to move has exactly the time it
  had when the war was paused; its flag timer moves by the same length. Dark-chess games alike.
- The daily change (R7.1) is a day, not a deadline: the midnight stays at midnight. A midnight
  inside the pause is skipped (a holiday: no wall gain, no morale loss, for every city and army
  of the campaign alike); the next one after the resume is due as usual.
"""

from datetime import datetime

from django.db.models import F

from battles.models import Army, BanqiGame, Pursuit, Stratagem
from battles.services.clock import day_key
from battles.timer_kinds import ARMY_ARRIVAL, BANQI_FLAG, DAY, PURSUIT_DEADLINE, STRATAGEM_DEADLINE
from campaign.models import Campaign, Timer
from campaign.rules.clock import next_midnight
from play.models import Game
from play.timer_kinds import GAME_FLAG


def war_rows_shift(campaign: Campaign, paused_at: datetime, resumed_at: datetime) -> None:
    """Every war row whose deadline the pause held, moved by its length; the day re-timed."""
    length = resumed_at - paused_at
    held = Timer.objects.filter(campaign=campaign, status=Timer.Status.PAUSED)

    def of(kind: str):
        return held.filter(kind=kind).values("object_id")

    Army.objects.filter(pk__in=of(ARMY_ARRIVAL)).update(
        departs_at=F("departs_at") + length, arrives_at=F("arrives_at") + length
    )
    Pursuit.objects.filter(pk__in=of(PURSUIT_DEADLINE)).update(deadline=F("deadline") + length)
    Stratagem.objects.filter(pk__in=of(STRATAGEM_DEADLINE)).update(deadline=F("deadline") + length)
    Game.objects.filter(pk__in=of(GAME_FLAG), turn_since__isnull=False).update(turn_since=F("turn_since") + length)
    BanqiGame.objects.filter(pk__in=of(BANQI_FLAG), turn_since__isnull=False).update(
        turn_since=F("turn_since") + length
    )
    _day_retime(campaign, held.filter(kind=DAY), resumed_at)


def _day_retime(campaign: Campaign, days, resumed_at: datetime) -> None:
    """The held midnight becomes the first midnight after the resume (the same one when the
    pause did not cross it), pending again: the release that moves the others leaves it."""
    due = next_midnight(resumed_at, campaign.zone)
    day = due.astimezone(campaign.zone).date()
    for timer in days:
        Timer.objects.filter(pk=timer.pk).update(
            status=Timer.Status.PENDING, due_at=due, key=day_key(campaign.pk, day), sent_at=None
        )
