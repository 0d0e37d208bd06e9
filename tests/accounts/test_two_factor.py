"""Two-factor log-in (allauth's MFA: TOTP and recovery codes), and a campaign that requires it of
its kings and organisers (`Campaign.mfa_required`): a king without it is sent to set it up, with
the reason, before the Personnel page reads or acts; the API refuses their acts with a 403."""

import time
from datetime import timedelta

from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.totp.internal.auth import format_hotp_value, hotp_value
from django.test import Client
from django.urls import reverse

from accounts.services import token_create
from campaign.models import Campaign
from ops.demo import DEMO_PASSWORD

TOTP_SECRET_KEY = "mfa.totp.secret"  # where allauth keeps the secret being set up, in the session


def code(secret: str, at: float) -> str:
    """The authenticator app's code, computed by allauth's own TOTP helpers (30-second steps)."""
    return format_hotp_value(hotp_value(secret, int(at) // 30))


def logged_in(username: str) -> Client:
    client = Client()
    assert client.post(reverse("login"), {"login": username, "password": DEMO_PASSWORD}).status_code == 302
    return client


def set_up_totp(client: Client, clock) -> str:
    """The set-up asks for the password again first (allauth: a fresh log-in is not enough)."""
    asked = client.get(reverse("mfa_activate_totp"))
    assert asked.status_code == 302 and asked["Location"].startswith(reverse("account_reauthenticate"))
    assert client.post(asked["Location"], {"password": DEMO_PASSWORD})["Location"] == reverse("mfa_activate_totp")
    page = client.get(reverse("mfa_activate_totp"))
    assert page.status_code == 200
    secret = client.session[TOTP_SECRET_KEY]
    assert secret in page.content.decode()  # shown for typing into an app, beside the QR code
    answer = client.post(reverse("mfa_activate_totp"), {"code": code(secret, time.time())})
    assert answer.status_code == 302
    return secret


def test_totp_set_up_then_a_log_in_asks_for_the_code(world, clock):
    client = logged_in("caocao")
    secret = set_up_totp(client, clock)
    assert Authenticator.objects.filter(user__username="caocao", type=Authenticator.Type.TOTP).exists()
    assert Authenticator.objects.filter(user__username="caocao", type=Authenticator.Type.RECOVERY_CODES).exists()
    clock.shift(timedelta(seconds=30))
    again = Client()
    response = again.post(reverse("login"), {"login": "caocao", "password": DEMO_PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("mfa_authenticate")
    assert "_auth_user_id" not in again.session
    wrong_code = "000000" if code(secret, time.time()) != "000000" else "111111"
    wrong = again.post(reverse("mfa_authenticate"), {"code": wrong_code})
    assert wrong.status_code == 200 and "_auth_user_id" not in again.session
    right = again.post(reverse("mfa_authenticate"), {"code": code(secret, time.time())})
    assert right.status_code == 302 and "_auth_user_id" in again.session


def test_a_recovery_code_logs_in_instead_of_the_app(world, clock):
    client = logged_in("caocao")
    set_up_totp(client, clock)
    recovery = Authenticator.objects.get(user__username="caocao", type=Authenticator.Type.RECOVERY_CODES)
    spare = RecoveryCodes(recovery).get_unused_codes()[0]
    again = Client()
    again.post(reverse("login"), {"login": "caocao", "password": DEMO_PASSWORD})
    assert again.post(reverse("mfa_authenticate"), {"code": spare}).status_code == 302
    assert "_auth_user_id" in again.session


def requiring(world) -> Campaign:
    Campaign.objects.filter(pk=world.campaign.pk).update(mfa_required=True)
    world.campaign.refresh_from_db()
    return world.campaign


def test_a_campaign_requiring_two_factor_sends_a_king_without_it_to_set_it_up(world, clock, settings):
    requiring(world)
    client = logged_in("caocao")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(reverse("personnel", args=[world.campaign.slug]))
    assert page.status_code == 302 and page["Location"] == reverse("mfa_activate_totp")
    governor_before = world.city("洛陽").governor_id
    action = reverse("governor-appoint", args=[world.campaign.slug, world.city("洛陽").pk])
    refused = client.post(action, {"officer": world["郭嘉"].pk})
    assert refused.status_code == 302 and refused["Location"] == reverse("mfa_activate_totp")
    assert world.city("洛陽").governor_id == governor_before
    shown = client.get(reverse("mfa_activate_totp"), follow=True).content.decode()
    assert "This campaign requires two-factor log-in" in shown  # the reason (on the page it leads to)
    set_up_totp(client, clock)
    assert client.get(reverse("personnel", args=[world.campaign.slug])).status_code == 200


def test_a_governor_is_not_asked_for_two_factor_and_a_campaign_without_the_rule_asks_nobody(world, clock):
    assert logged_in("caocao").get(reverse("personnel", args=[world.campaign.slug])).status_code == 200
    requiring(world)
    assert logged_in("caoren").get(reverse("personnel", args=[world.campaign.slug])).status_code == 200


def test_the_api_refuses_a_kings_personnel_act_without_two_factor_naming_the_rule(world, clock):
    requiring(world)
    _, secret = token_create(user=world["曹操"].user, name="bot", scope="act")
    url = f"/api/v1/c/{world.campaign.slug}/cities/{world.city('洛陽').pk}/governor"
    answer = Client().post(
        url,
        {"officer": world["郭嘉"].pk},
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}", "Accept-Language": "en"},
    )
    assert answer.status_code == 403 and "two-factor log-in" in answer.json()["message"]
    assert world.city("洛陽").governor.name == "曹仁"


def test_wrong_codes_are_limited_even_the_right_one_is_refused_after_five(world, clock):
    """axes counts passwords; allauth's count of failures bounds the guesses of a code (5 a user
    in 5 minutes), since a code is six digits."""
    secret = set_up_totp(logged_in("caocao"), clock)
    clock.shift(timedelta(seconds=30))
    again = Client()
    again.post(reverse("login"), {"login": "caocao", "password": DEMO_PASSWORD})
    right = code(secret, time.time())
    wrong = "000000" if right != "000000" else "111111"
    for _ in range(5):
        assert again.post(reverse("mfa_authenticate"), {"code": wrong}).status_code == 200
    refused = again.post(reverse("mfa_authenticate"), {"code": right})
    assert refused.status_code == 200 and "_auth_user_id" not in again.session
