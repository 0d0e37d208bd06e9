"""Rows of the authorization matrix for the devices with notifications on: each officer turns
them on, names and removes only their own."""

from delivery.models import PushSubscription
from delivery.services.push import push_subscription_create
from tests.authorization.cases import Case, allow, refuse
from tests.push_keys import DeviceKeys

PUBLIC = "https://8.8.8.8/push/"  # a public address, so that no name is looked up


def _device(world):
    keys, officer = DeviceKeys(), world["郭嘉"]
    return push_subscription_create(
        actor=officer, officer=officer, endpoint=PUBLIC + "guo", p256dh=keys.p256dh, auth=keys.auth, name="phone"
    )


def push_device_add(world, clock):
    """Anyone with an officer turns notifications on for their own device; there is nobody
    else's to turn on."""
    keys = DeviceKeys()
    data = {"endpoint": PUBLIC + "new", "p256dh": keys.p256dh, "auth": keys.auth, "name": "tablet"}
    return Case([], data, {"right": allow("郭嘉"), "other": refuse("superuser")})


def push_device_rename(world, clock):
    """A device is named by its officer only."""
    device = _device(world)
    return Case([device.pk], {"name": "old phone"}, {"right": allow("郭嘉"), "other": refuse("孫權")})


def push_device_remove(world, clock):
    """A device is removed by its officer only."""
    device = _device(world)
    assert PushSubscription.objects.filter(pk=device.pk).exists()
    return Case([device.pk], {}, {"right": allow("郭嘉"), "other": refuse("孫權"), "same": refuse("荀彧")})


PUSH_ROWS = {
    "push-device-add": push_device_add,
    "push-device-rename": push_device_rename,
    "push-device-remove": push_device_remove,
}
