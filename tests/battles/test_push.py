"""Web Push of duty notices against a real local push service (tests/pushservice.py: it checks
each request's VAPID JWT and decrypts its payload with the device's private key): a siege call
reaches each device once, in the device's language, with the page where it is done; the
officer's mail choices (kinds, quiet hours) apply; a duty gone is not sent; a device whose
subscription ended (410) is removed; a push service away, busy or hanging delays the notice,
which the sweeper then sends once."""

from datetime import timedelta

from django.test import Client
from django.urls import reverse

from battles.services.siege import siege_call, siege_call_answer
from campaign.models import Notice
from delivery.models import PushDelivery, PushSubscription
from delivery.services.deliver import notices_deliver, notices_sweep
from delivery.services.mail import mail_settings_save
from delivery.services.push import push_subscription_create
from delivery.vapid import application_server_key
from tests.worlds import besiege

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def turn_on(world, service, name: str, device: str, language: str = "zh-hant"):
    officer, phone = world[name], service.device(device)
    push_subscription_create(
        actor=officer,
        officer=officer,
        endpoint=service.endpoint(phone),
        p256dh=phone.keys.p256dh,
        auth=phone.keys.auth,
        name=device,
        language=language,
    )
    return phone


def deliver(key: str) -> None:
    notices_deliver(key=key, officer_ids=list(Notice.objects.filter(key=key).values_list("officer_id", flat=True)))


def call(world, clock):
    army = besiege(world, clock, "漢中", ARMY)
    return siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])


def states(key: str) -> dict[str, str]:
    rows = PushDelivery.objects.filter(notice__key=key)
    return dict(rows.values_list("subscription__name", "state"))


def test_r7_3_a_siege_call_reaches_each_device_once_in_its_language(world, clock, push_service):
    phone = turn_on(world, push_service, "魏延", "wei-phone")
    laptop = turn_on(world, push_service, "魏延", "wei-laptop", language="en")
    other = turn_on(world, push_service, "張飛", "zhang-phone", language="en")
    outsider = turn_on(world, push_service, "孫權", "sun-phone")
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    deliver(key)  # delivered again (a repeated task): nothing more
    notices_sweep()
    assert not push_service.refused
    (notice,) = phone.received
    assert notice["body"].startswith("許褚在漢中攻城叫陣") and notice["key"] == key
    assert notice["path"] == f"/c/{world.campaign.slug}/sieges/{game.siege_id}/"
    assert 60 <= notice["ttl"] <= 30 * 60, "kept by the push service for the call's period only (R7.3)"
    assert [n["body"][:4] for n in laptop.received] == ["Sieg"] and len(other.received) == 1
    assert not outsider.received, "nothing to an officer without the duty"
    assert push_service.last_key == application_server_key(), "signed with the site's VAPID key"
    assert states(key) == {"wei-phone": "sent", "wei-laptop": "sent", "zhang-phone": "sent"}
    assert set(Notice.objects.filter(key=key).values_list("devices", flat=True)) == {"done"}


def test_the_mail_choices_apply_a_kind_not_chosen_is_not_pushed(world, clock, push_service):
    officer = world["魏延"]
    mail_settings_save(actor=officer, officer=officer, address="wei@example.org", kinds=["promotion"])
    phone = turn_on(world, push_service, "魏延", "wei-phone")
    game = call(world, clock)
    deliver(f"game:{game.pk}:call")
    assert not phone.received and states(f"game:{game.pk}:call") == {"wei-phone": "skip"}


def test_quiet_hours_hold_the_push_until_they_end_then_it_goes_once(world, clock, push_service):
    officer = world["魏延"]
    mail_settings_save(
        actor=officer,
        officer=officer,
        address="wei@example.org",
        kinds=["call"],
        quiet_from="09:00",
        quiet_until="10:30",
    )
    phone = turn_on(world, push_service, "魏延", "wei-phone")
    game = call(world, clock)
    assert game.called_at.astimezone(world.campaign.zone).strftime("%H:%M") == "10:20", "in the quiet hours"
    key = f"game:{game.pk}:call"
    deliver(key)
    notices_sweep()
    assert not phone.received and states(key) == {"wei-phone": "held"}
    clock.shift(timedelta(minutes=9))  # 10:29: still quiet
    notices_sweep()
    assert not phone.received
    clock.shift(timedelta(minutes=2))  # 10:31: the quiet hours are over, the call still stands (R7.3)
    notices_sweep()
    notices_sweep()
    assert len(phone.received) == 1 and states(key) == {"wei-phone": "sent"}


def test_a_duty_gone_before_its_push_is_not_sent(world, clock, push_service):
    officer = world["魏延"]
    mail_settings_save(
        actor=officer,
        officer=officer,
        address="wei@example.org",
        kinds=["call"],
        quiet_from="09:00",
        quiet_until="11:00",
    )
    phone = turn_on(world, push_service, "魏延", "wei-phone")
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    siege_call_answer(actor=world["張飛"], game=game, defender=world["張飛"])  # taken up meanwhile
    clock.shift(timedelta(hours=1, minutes=1))
    notices_sweep()
    assert not phone.received and states(key) == {"wei-phone": "void"}


def test_a_device_whose_subscription_ended_is_removed_on_410(world, clock, push_service):
    phone = turn_on(world, push_service, "魏延", "wei-phone")
    phone.answer = 410
    game = call(world, clock)
    deliver(f"game:{game.pk}:call")
    assert not PushSubscription.objects.filter(officer=world["魏延"]).exists()
    client = Client()
    client.force_login(world["魏延"].user)
    page = client.get(reverse("duties", args=[world.campaign.slug])).content.decode()
    assert "wei-phone" not in page and "data-no-devices" in page


def test_a_push_service_that_redirects_is_not_followed_and_the_push_refused(world, clock, push_service):
    """A redirect's Location could point the site at its own network past the endpoint's check:
    the site never follows one (here to another device of the same service, which would count
    the post)."""
    phone = turn_on(world, push_service, "魏延", "wei-phone")
    elsewhere = push_service.device("elsewhere")
    phone.answer, phone.redirect = 307, push_service.endpoint(elsewhere)
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    assert phone.hits == 1 and elsewhere.hits == 0, "the redirect was not followed"
    assert PushDelivery.objects.get(notice__key=key).state == "refused"


def test_a_busy_push_service_is_tried_again_after_its_backoff_and_sends_once(world, clock, push_service):
    phone = turn_on(world, push_service, "魏延", "wei-phone")
    phone.answer = 500
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    clock.shift(timedelta(seconds=6))  # the first backoff (5 s) is over
    phone.answer = 429
    notices_sweep()
    row = PushDelivery.objects.get(notice__key=key)
    assert row.state == "" and row.attempts == 2 and not phone.received, "waiting, nothing lost"
    phone.answer = 201
    notices_sweep()
    assert not phone.received, "not before the backoff (10 s) is over"
    clock.shift(timedelta(seconds=11))
    notices_sweep()
    notices_sweep()
    assert len(phone.received) == 1 and PushDelivery.objects.get(notice__key=key).state == "sent"


def test_a_push_service_down_then_up_delivers_once(world, clock, push_service):
    phone = turn_on(world, push_service, "魏延", "wei-phone")
    push_service.stop()
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    assert Notice.objects.get(key=key, officer=world["魏延"]).push == "sent", "the page's socket is not held back"
    assert PushDelivery.objects.get(notice__key=key).state == ""
    push_service.start()
    clock.shift(timedelta(minutes=1))
    notices_sweep()
    notices_sweep()
    assert len(phone.received) == 1


def test_a_push_service_that_hangs_is_left_after_the_timeout(world, clock, push_service):
    phone = turn_on(world, push_service, "魏延", "wei-phone")
    phone.answer = 0
    game = call(world, clock)
    key = f"game:{game.pk}:call"
    deliver(key)
    row = PushDelivery.objects.get(notice__key=key)
    assert row.state == "" and row.claimed_at is None and row.attempts == 1 and not phone.received
    phone.answer = 201
    clock.shift(timedelta(minutes=1))
    notices_sweep()
    assert len(phone.received) == 1
