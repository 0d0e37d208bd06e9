"""Accounts: a forgotten password reset by a link mailed, a password changed (the site's password
validators refuse a weak one, with their message), an address changed (the new one confirmed by a
link mailed to it before it replaces the old)."""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from ops.demo import DEMO_PASSWORD
from tests.accounts.test_sign_up import address, confirm, sign_up
from tests.mailbox import link_in


def path_of(link: str) -> str:
    return "/" + link.split("://", 1)[1].split("/", 1)[1]


def signed_up(mailbox, name: str) -> tuple[Client, str]:
    client, mine = Client(), address(name)
    sign_up(client, name, mine)
    confirm(client, mailbox.wait_for(mine))
    return client, mine


def test_a_forgotten_password_is_reset_by_the_link_mailed(world, mailbox):
    _, mine = signed_up(mailbox, "youxia")
    client = Client()
    assert client.post(reverse("account_reset_password"), {"email": mine}).status_code == 302
    mail = mailbox.wait_for(mine, count=2)  # after the confirmation
    page = client.get(path_of(link_in(mail, "/accounts/password/reset/key/")))
    assert page.status_code == 302  # allauth keeps the key in the session and shows the form without it
    form = page["Location"]
    weak = client.post(form, {"password1": "12345678", "password2": "12345678"})
    assert weak.status_code == 200 and "密碼太短，必須至少 10 個字元" in weak.content.decode()
    new = "another-long-password"
    assert client.post(form, {"password1": new, "password2": new}).status_code == 302
    again = Client()
    assert again.post(reverse("login"), {"login": "youxia", "password": new}).status_code == 302
    assert "_auth_user_id" in again.session


def test_a_reset_asked_for_an_unknown_address_mails_nobody_an_account(world, mailbox):
    client = Client()
    assert client.post(reverse("account_reset_password"), {"email": address("nobody")}).status_code == 302
    assert all("/password/reset/key/" not in str(m) for m in mailbox.mails)


def test_a_password_change_refuses_a_weak_one_with_the_validators_message(world, settings):
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    client.post(reverse("login"), {"login": "guojia", "password": DEMO_PASSWORD})
    url = reverse("account_change_password")
    weak = client.post(url, {"oldpassword": DEMO_PASSWORD, "password1": "1234567890", "password2": "1234567890"})
    assert weak.status_code == 200
    assert "This password is too common." in weak.content.decode()
    assert "entirely numeric" in weak.content.decode()
    new = "guojia-strategy-2026"
    done = client.post(url, {"oldpassword": DEMO_PASSWORD, "password1": new, "password2": new})
    assert done.status_code == 302
    assert get_user_model().objects.get(username="guojia").check_password(new)


def test_a_new_address_replaces_the_old_once_confirmed(world, mailbox):
    client, old = signed_up(mailbox, "youxia")
    new = address("youxia-new")
    response = client.post(reverse("account_email"), {"email": new, "action_add": ""})
    assert response.status_code == 302
    user = get_user_model().objects.get(username="youxia")
    assert EmailAddress.objects.get(user=user, verified=True).email == old  # not yet
    confirm(client, mailbox.wait_for(new))
    assert list(EmailAddress.objects.filter(user=user).values_list("email", "verified")) == [(new, True)]


def test_an_account_without_an_address_may_give_one_and_confirm_it(world, mailbox):
    client = Client()
    client.post(reverse("login"), {"login": "guojia", "password": DEMO_PASSWORD})
    mine = address("guojia")
    assert client.post(reverse("account_email"), {"email": mine, "action_add": ""}).status_code == 302
    confirm(client, mailbox.wait_for(mine))
    assert EmailAddress.objects.get(user__username="guojia").verified
    by_address = Client()
    assert by_address.post(reverse("login"), {"login": mine, "password": DEMO_PASSWORD}).status_code == 302
    assert "_auth_user_id" in by_address.session
