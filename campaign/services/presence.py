"""R2.6: remember when a user last used the site: a request (campaign/middleware.py), or a
terminal session while it lives (bbs/heartbeat.py: one write a beat for every user with a session)."""

from collections.abc import Iterable
from datetime import datetime

from campaign.models import Presence


def presence_touch(*, user_id: int, now: datetime) -> None:
    updated = Presence.objects.filter(user_id=user_id).update(last_seen=now)
    if not updated:
        Presence.objects.get_or_create(user_id=user_id, defaults={"last_seen": now})


def presence_touch_users(*, user_ids: Iterable[int], now: datetime) -> None:
    """presence_touch for many users at once (a BBS process's sessions): two queries, three when
    some user was never seen."""
    ids = set(user_ids)
    if not ids:
        return
    Presence.objects.filter(user_id__in=ids).update(last_seen=now)
    missing = ids - set(Presence.objects.filter(user_id__in=ids).values_list("user_id", flat=True))
    if missing:
        Presence.objects.bulk_create([Presence(user_id=i, last_seen=now) for i in missing], ignore_conflicts=True)
