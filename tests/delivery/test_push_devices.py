"""An officer's devices with notifications on (the duties page): turned on with a browser's push
subscription, named and removed by their officer only; what a user may post is bounded: a
malformed endpoint, one that is not https, one on this machine's networks, keys of the wrong
length or not a P-256 point, a name with control characters, and more devices than the cap are
refused with the rule's message (R1.5), changing nothing."""

import pytest
from django.test import Client
from django.urls import reverse

from campaign.errors import NotAllowed, RuleViolation
from delivery.models import PushSubscription
from delivery.services.push import (
    DEVICES_PER_OFFICER,
    push_subscription_create,
    push_subscription_remove,
    push_subscription_rename,
)
from tests.push_keys import DeviceKeys, b64

PUBLIC = "https://8.8.8.8/push/"  # a public address: nothing to look up


def add(world, who="魏延", endpoint=PUBLIC + "a", keys=None, **fields):
    keys = keys or DeviceKeys()
    officer = world[who]
    values = {"p256dh": keys.p256dh, "auth": keys.auth, "name": "phone"} | fields
    return push_subscription_create(actor=officer, officer=officer, endpoint=endpoint, **values)


@pytest.mark.parametrize(
    "endpoint",
    [
        "not an address",
        "https://",
        "https://user:secret@8.8.8.8/push",
        "https://8.8.8.8:99999/push",
        "ftp://8.8.8.8/push",
        "http://8.8.8.8/push",  # not https
        "https://127.0.0.1/push",  # this machine
        "https://localhost/push",
        "https://10.1.2.3/push",  # private networks
        "https://192.168.0.10/push",
        "https://169.254.169.254/latest/meta-data",  # link-local: a cloud's metadata service
        "https://[::1]/push",
        "https://[::ffff:10.0.0.1]/push",
        "https://[fe80::1]/push",
        "https://0.0.0.0/push",
        "https://push.invalid/x",  # a host that is not found
        PUBLIC + "x" * 1000,
    ],
)
def test_r1_5_an_endpoint_not_a_public_push_service_is_refused(world, endpoint):
    with pytest.raises(RuleViolation) as refusal:
        add(world, endpoint=endpoint)
    assert refusal.value.clause == "R1.5" and refusal.value.message
    assert not PushSubscription.objects.exists()


# IPv6 addresses that carry an IPv4 address of this machine or its networks: the packets end up there.
CARRIED = [
    "https://[64:ff9b::7f00:1]/push",  # NAT64 (RFC 6052) of 127.0.0.1
    "https://[64:ff9b::a9fe:a9fe]/push",  # NAT64 of 169.254.169.254, a cloud's metadata service
    "https://[64:ff9b:1::808:808]/push",  # the local-use NAT64 prefix (RFC 8215): refused whole
    "https://[2002:7f00:1::1]/push",  # 6to4 (RFC 3056) of 127.0.0.1
    "https://[2002:a00:1::1]/push",  # 6to4 of 10.0.0.1
    "https://[::127.0.0.1]/push",  # IPv4-compatible
    "https://[::ffff:127.0.0.1]/push",  # IPv4-mapped
    "https://[::ffff:0:7f00:1]/push",  # IPv4-translated (SIIT)
    "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/push",  # Teredo (RFC 4380), its client 127.0.0.1
]


@pytest.mark.parametrize("endpoint", CARRIED)
def test_r1_5_an_ipv6_endpoint_carrying_a_local_ipv4_address_is_refused(world, endpoint):
    """The security property: no address of this machine's networks, written in any IPv6 form."""
    with pytest.raises(RuleViolation) as refusal:
        add(world, endpoint=endpoint)
    assert refusal.value.clause == "R1.5" and "私有網路" in str(refusal.value.message)
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "endpoint",
    [
        *CARRIED,
        "https://10.1.2.3/push",
        "https://169.254.169.254/latest/meta-data",
        "https://[fe80::1]/push",
        "http://8.8.8.8/push",  # http only to this machine's own loopback service
    ],
)
def test_r1_5_the_tests_local_door_lets_through_the_loopback_address_alone(world, settings, endpoint):
    """PUSH_ALLOW_LOCAL (tests, the benchmark) accepts a push service on 127.0.0.1 or ::1 written
    plainly, over http: never a private network, a link-local address, nor a loopback address
    carried in an IPv6 one."""
    settings.PUSH_ALLOW_LOCAL = True
    assert add(world, endpoint="http://127.0.0.1:8443/push/a").pk and add(world, endpoint="https://[::1]/push/b").pk
    with pytest.raises(RuleViolation):
        add(world, endpoint=endpoint)
    assert PushSubscription.objects.count() == 2


def test_r1_5_an_ipv6_endpoint_carrying_a_public_ipv4_address_is_accepted(world):
    """An IPv6-only host reaches an IPv4 push service through NAT64: 64:ff9b::8.8.8.8 is public."""
    assert add(world, endpoint="https://[64:ff9b::808:808]/push/a").endpoint.startswith("https://[64:ff9b::")


@pytest.mark.parametrize(
    "field, value",
    [
        ("p256dh", b64(b"\x04" + b"\x01" * 63)),  # 64 bytes
        ("p256dh", b64(b"\x04" + b"\x01" * 64)),  # 65 bytes, not a point of the curve
        ("p256dh", "not base64 at all!"),
        ("p256dh", "A" * 5000),
        ("auth", b64(b"\x00" * 15)),
        ("auth", b64(b"\x00" * 32)),
        ("name", "phone\x00"),
        ("name", "x" * 61),
        ("name", "<b>phone</b>"),
    ],
)
def test_r1_5_keys_of_the_wrong_length_and_bad_names_are_refused(world, field, value):
    with pytest.raises(RuleViolation):
        add(world, **{field: value})
    assert not PushSubscription.objects.exists()


def test_r1_5_an_officer_has_at_most_the_cap_of_devices(world):
    for n in range(DEVICES_PER_OFFICER):
        add(world, endpoint=f"{PUBLIC}{n}")
    with pytest.raises(RuleViolation) as refusal:
        add(world, endpoint=PUBLIC + "one-more")
    assert str(DEVICES_PER_OFFICER) in str(refusal.value.message)
    assert PushSubscription.objects.count() == DEVICES_PER_OFFICER
    renewed = add(world, endpoint=f"{PUBLIC}0", name="renamed?")  # the same device again: its new keys
    assert PushSubscription.objects.count() == DEVICES_PER_OFFICER and renewed.name == "phone"


def test_r1_5_only_the_officer_turns_on_names_and_removes_their_devices(world):
    device = add(world)
    keys = DeviceKeys()
    with pytest.raises(NotAllowed):
        push_subscription_create(
            actor=world["張飛"], officer=world["魏延"], endpoint=PUBLIC + "b", p256dh=keys.p256dh, auth=keys.auth
        )
    with pytest.raises(NotAllowed):
        push_subscription_rename(actor=world["張飛"], subscription_id=device.pk, name="mine")
    with pytest.raises(NotAllowed):
        push_subscription_remove(actor=world["張飛"], subscription_id=device.pk)
    assert list(PushSubscription.objects.values_list("name", flat=True)) == ["phone"]


def test_the_duties_page_lists_the_devices_to_name_and_remove(world):
    device = add(world, name="魏延的手機")
    client = Client()
    client.force_login(world["魏延"].user)
    url = reverse("duties", args=[world.campaign.slug])
    page = client.get(url).content.decode()
    assert "魏延的手機" in page and reverse("push-device-remove", args=[world.campaign.slug, device.pk]) in page
    assert "data-server-key=" in page and 'name="csrfmiddlewaretoken"' in page
    client.cookies["django_language"] = "en"  # the reader's choice (the site's pages are 繁體中文 unless chosen)
    english = client.get(url).content.decode()
    del client.cookies["django_language"]
    assert "Turn on notifications on this device" in english
    rename = reverse("push-device-rename", args=[world.campaign.slug, device.pk])
    assert client.post(rename, {"name": "  old   phone "}).status_code == 302
    assert PushSubscription.objects.get().name == "old phone"
    refused = client.post(rename, {"name": "bad\x07name"}, follow=True).content.decode()
    assert "控制字元" in refused and PushSubscription.objects.get().name == "old phone"
    client.post(reverse("push-device-remove", args=[world.campaign.slug, device.pk]))
    assert not PushSubscription.objects.exists()
    assert "data-no-devices" in client.get(url).content.decode()
    other = Client()
    other.force_login(world["張飛"].user)
    assert "old phone" not in other.get(url).content.decode()
