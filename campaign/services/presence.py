"""R2.6: remember when a user last made a request."""

from datetime import datetime

from campaign.models import Presence


def presence_touch(*, user_id: int, now: datetime) -> None:
    updated = Presence.objects.filter(user_id=user_id).update(last_seen=now)
    if not updated:
        Presence.objects.get_or_create(user_id=user_id, defaults={"last_seen": now})
