"""Accounts in a real browser: a new player signs up, confirms the address by the link mailed to
a real SMTP server, and is logged in on the home page, which offers the campaigns taking players;
then logs out and in again by their address."""

import time

import pytest

from campaign.models import Campaign
from tests.e2e.season.accounts import sign_up
from tests.worlds import make_world

pytestmark = pytest.mark.e2e


@pytest.mark.django_db(transaction=True)
def test_a_new_player_signs_up_confirms_by_mail_and_finds_the_campaigns_taking_players(browser, live_server, mailbox):
    world = make_world()
    Campaign.objects.filter(pk=world.campaign.pk).update(status=Campaign.Status.ENROLMENT)
    page = sign_up(browser, live_server, mailbox, "youxia", "youxia@example.org", "a-long-siege-password")
    assert page.url.rstrip("/") == live_server.url  # no officer yet: the home page
    assert world.campaign.name in page.inner_text("#enrolment")
    page.click("header form.inline button:has-text('登出')")
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=login]", "youxia@example.org")
    page.fill("input[name=password]", "a-long-siege-password")
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    assert "youxia" in page.inner_text("header .who")


@pytest.mark.django_db(transaction=True)
def test_two_factor_set_up_in_the_browser_fits_a_phone_and_asks_for_the_code_at_log_in(browser, live_server):
    """TOTP from the Account menu: the password asked again, the QR code and the secret within
    390 px, the app's code (computed here from the secret shown) accepted; the next log-in asks
    for a code."""
    from allauth.mfa.totp.internal.auth import format_hotp_value, hotp_value

    from ops.demo import DEMO_PASSWORD
    from tests.e2e.conftest import log_in

    make_world()
    page = log_in(browser, live_server, "caocao")
    page.set_viewport_size({"width": 390, "height": 800})
    page.click("header a[href='/accounts/email/']")  # the Account menu (帳號設定)
    page.click("nav.account-menu a[href='/accounts/2fa/']")  # two-factor log-in (兩步驟登入)
    page.click("main a[href$='/2fa/totp/activate/']")
    page.fill("input[name=password]", DEMO_PASSWORD)  # asked again before a change of this kind
    page.click("main button[type=submit]")
    page.wait_for_selector("#authenticator_secret")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    secret = page.input_value("#authenticator_secret")
    page.fill("input[name=code]", format_hotp_value(hotp_value(secret, int(time.time()) // 30)))
    page.click("main button[type=submit]")
    page.wait_for_url("**/2fa/recovery-codes/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    again = browser.new_context(locale="zh-TW").new_page()
    again.goto(f"{live_server.url}/accounts/login/")
    again.fill("input[name=login]", "caocao")
    again.fill("input[name=password]", DEMO_PASSWORD)
    again.click("main button[type=submit]")
    again.wait_for_url("**/accounts/2fa/authenticate/")
