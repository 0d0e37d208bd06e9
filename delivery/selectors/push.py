"""The devices an officer turned on notifications for, as the duties page lists them."""

from delivery.models import PushSubscription
from delivery.vapid import application_server_key


def push_devices(*, officer_id: int) -> dict:
    """The officer's devices, oldest first, and the key a browser subscribes with. One query."""
    devices = list(
        PushSubscription.objects.filter(officer_id=officer_id)
        .only("name", "endpoint", "created_at", "sent_at")
        .order_by("created_at", "pk")
    )
    return {"devices": devices, "server_key": application_server_key()}
