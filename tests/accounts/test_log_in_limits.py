"""The log-in throttling (django-axes) counts allauth's log-in form: a user's wrong passwords,
typed under their username or their address, are one count; past LOGIN_FAILURE_LIMIT even the
right one is refused (429, the site's page saying why) from that address."""

import pytest
from allauth.account.models import EmailAddress
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ops.demo import DEMO_PASSWORD


def test_wrong_passwords_by_username_and_by_address_are_one_count(world):
    user = world["郭嘉"].user
    EmailAddress.objects.create(user=user, email="guojia@example.org", verified=True, primary=True)
    client = Client()
    login = reverse("account_login")
    for n in range(settings.AXES_FAILURE_LIMIT - 1):
        name = "guojia" if n % 2 else "GuoJia@example.org"
        assert client.post(login, {"login": name, "password": "wrong-password"}).status_code == 200
    assert client.post(login, {"login": "guojia@example.org", "password": "wrong-password"}).status_code == 429
    response = client.post(login, {"login": "guojia", "password": DEMO_PASSWORD})
    assert response.status_code == 429 and "_auth_user_id" not in client.session
    assert "登入失敗次數過多" in response.content.decode()


def test_the_form_shows_allauths_message_for_a_wrong_password_in_the_readers_language(world):
    response = Client().post(reverse("account_login"), {"login": "guojia", "password": "wrong-password"})
    assert response.status_code == 200 and "使用者名稱和／或密碼不正確" in response.content.decode()


PLAIN_PASSWORD = "a-plain-password-7"
# Every way of typing the account Plain2 that allauth's backend logs in: the name in any case, with
# spaces about it (the form strips them), the address in any case.
SPELLINGS = ["plain2", "PLAIN2", " plain2", "pLaIn2 ", "PLAIN2@EXAMPLE.ORG", "Plain2@Example.org"]


def plain_account(**fields) -> User:
    """A signed-up account whose stored name has capitals (allauth keeps the casing typed)."""
    user = User.objects.create_user("Plain2", password=PLAIN_PASSWORD, **fields)
    if not fields:
        EmailAddress.objects.create(user=user, email="plain2@example.org", verified=True, primary=True)
    return user


@pytest.mark.parametrize("typed", SPELLINGS)
def test_the_pause_counts_the_account_so_no_spelling_of_its_name_or_address_gets_past_it(db, typed):
    """Security (log-in pauses): LOGIN_FAILURE_LIMIT wrong passwords for an account pause its
    log-in from that address whichever way its name or address is typed next."""
    plain_account()
    client = Client()
    login = reverse("account_login")
    for _n in range(settings.AXES_FAILURE_LIMIT):
        client.post(login, {"login": "plain2", "password": "wrong-password"})
    response = client.post(login, {"login": typed, "password": PLAIN_PASSWORD})
    assert response.status_code == 429 and "_auth_user_id" not in client.session
    assert AccessAttempt.objects.filter(username="plain2").count() == 1  # one count, the account's


def test_wrong_passwords_in_every_spelling_are_one_count(db):
    """Security (log-in pauses): guesses spread over the spellings of one account add up to the
    one limit, not a limit per spelling."""
    plain_account()
    client = Client()
    login = reverse("account_login")
    for n in range(settings.AXES_FAILURE_LIMIT):
        client.post(login, {"login": SPELLINGS[n % len(SPELLINGS)], "password": "wrong-password"})
    assert client.post(login, {"login": "plain2", "password": PLAIN_PASSWORD}).status_code == 429


def test_an_address_kept_on_the_account_alone_counts_as_the_account(db):
    """Security (log-in pauses): an account whose address is only on its user row (made in the
    admin, never confirmed by mail: allauth's backend still logs it in by that address) is one
    count with its name."""
    plain_account(email="plain2@example.org")
    client = Client()
    login = reverse("account_login")
    for _n in range(settings.AXES_FAILURE_LIMIT):
        client.post(login, {"login": "plain2", "password": "wrong-password"})
    response = client.post(login, {"login": "PLAIN2@EXAMPLE.ORG", "password": PLAIN_PASSWORD})
    assert response.status_code == 429 and "_auth_user_id" not in client.session
