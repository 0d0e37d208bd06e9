"""An officer's devices with notifications on (Web Push), the duties page's forms through the
API: turn them on for a browser's push subscription (its endpoint and keys, as
`PushSubscription.toJSON()` gives them), name them, remove them. The same URL names, the same
services and refusals; the notices they receive are the site's (delivery/services/push_delivery.py)."""

from datetime import datetime

from django.utils.translation import get_language
from ninja import Field, Schema

from api import schemas
from api.router import act
from campaign import lookups
from campaign.authority import require_officer
from delivery.services.push import push_subscription_create, push_subscription_remove, push_subscription_rename


class NewDevice(Schema):
    endpoint: str = Field(max_length=2000, description="the push service's endpoint (https, a public host)")
    p256dh: str = Field(max_length=200, description="the device's P-256 public key, base64url (65 bytes)")
    auth: str = Field(max_length=100, description="the device's authentication secret, base64url (16 bytes)")
    name: str = Field("", max_length=200, description="the device's name as the officer sees it")


class DeviceName(Schema):
    name: str = Field(max_length=200)


class DeviceOut(Schema):
    id: int
    name: str
    language: str = Field(description="the language its notices are written in")
    created_at: datetime
    sent_at: datetime | None = Field(description="the last notice sent to it")


class Removed(Schema):
    removed: int


def _officer(request, slug: str):
    return require_officer(request.auth.user, lookups.campaign_by_slug(slug))


@act("/c/{slug}/devices", DeviceOut, "push-device-add")
def push_device_add(request, slug: str, data: NewDevice):
    """Turn on notifications for a device (R1.5: one's own; at most 20): each duty notice is also
    pushed to it, in the language of this request, as the officer's mail choices allow."""
    officer = _officer(request, slug)
    return push_subscription_create(
        actor=officer,
        officer=officer,
        endpoint=data.endpoint,
        p256dh=data.p256dh,
        auth=data.auth,
        name=data.name,
        language=get_language(),
    )


@act("/c/{slug}/devices/{device_id}/rename", DeviceOut, "push-device-rename")
def push_device_rename(request, slug: str, device_id: schemas.Id, data: DeviceName):
    """Rename one of one's devices (R1.5)."""
    officer = _officer(request, slug)
    return push_subscription_rename(actor=officer, subscription_id=device_id, name=data.name)


@act("/c/{slug}/devices/{device_id}/remove", Removed, "push-device-remove")
def push_device_remove(request, slug: str, device_id: schemas.Id):
    """Stop the notifications to one of one's devices (R1.5)."""
    officer = _officer(request, slug)
    push_subscription_remove(actor=officer, subscription_id=device_id)
    return {"removed": device_id}
