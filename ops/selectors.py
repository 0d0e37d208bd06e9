"""The operators' page: the sweeper's heartbeat and the timers due, set aside and next."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from campaign.models import Heartbeat, Timer


@dataclass(frozen=True)
class Operations:
    now: datetime
    heartbeat: "Heartbeat | None"
    heartbeat_stale: bool
    overdue: list[Timer]
    failed: list[Timer]
    upcoming: list[Timer]


def operations(*, now: datetime, sweep_seconds: float) -> Operations:
    """For operators: the sweeper's last heartbeat, overdue work, work set aside, what is next."""
    heartbeat = Heartbeat.objects.filter(name="sweeper").first()
    stale = heartbeat is None or now - heartbeat.at > timedelta(seconds=max(30, 3 * sweep_seconds))
    pending = Timer.objects.filter(status=Timer.Status.PENDING).order_by("due_at", "id")
    return Operations(
        now=now,
        heartbeat=heartbeat,
        heartbeat_stale=stale,
        overdue=list(pending.filter(due_at__lte=now)[:200]),
        failed=list(Timer.objects.filter(status=Timer.Status.FAILED).order_by("-due_at")[:200]),
        upcoming=list(pending.filter(due_at__gt=now)[:50]),
    )
