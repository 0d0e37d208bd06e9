"""Accounts: sign-up with a username and an address confirmed by a link mailed (through a real
SMTP server, in the reader's language); log-in by username or address; the demo's accounts,
which have no address, log in as before."""

import uuid

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from ops.demo import DEMO_PASSWORD
from tests.mailbox import link_in, text_of

PASSWORD = "a-long-siege-password"


def address(name: str) -> str:
    """A fresh address for each test: allauth limits the mails to one address (one confirmation
    in 3 minutes), counted in the shared Redis."""
    return f"{name}-{uuid.uuid4().hex[:8]}@example.org"


def sign_up(client: Client, username: str, address: str, password: str = PASSWORD):
    data = {"username": username, "email": address, "password1": password, "password2": password}
    return client.post(reverse("account_signup"), data)


def confirm(client: Client, mail) -> object:
    link = link_in(mail, "/accounts/confirm-email/")
    path = link.split("://", 1)[1].split("/", 1)[1]
    assert client.get("/" + path).status_code == 200  # the page with the button (no change on GET)
    return client.post("/" + path)


def test_a_sign_up_is_confirmed_by_the_link_mailed_and_then_logged_in(world, mailbox):
    client, mine = Client(), address("youxia")
    response = sign_up(client, "youxia", mine)
    assert response.status_code == 302 and "_auth_user_id" not in client.session
    mail = mailbox.wait_for(mine)
    assert "象棋攻城" in mail["Subject"] and "確認" in text_of(mail)  # the reader's language: 繁體中文
    assert "象棋攻城" in text_of(mail)  # the site's name, not its host, greets the reader
    assert confirm(client, mail).status_code == 302
    assert client.session["_auth_user_id"] == str(get_user_model().objects.get(username="youxia").pk)


def test_a_link_opened_in_another_browser_confirms_and_says_to_log_in(world, mailbox):
    """Confirming logs in only the browser that signed up (allauth's rule, kept: a mailed link is
    not a log-in); in another browser the address is confirmed and the log-in page says so, in the
    reader's language (before, it said only that the address was confirmed, and the docs promised
    a log-in)."""
    mine = address("youxia")
    sign_up(Client(), "youxia", mine)
    other = Client()
    other.cookies["django_language"] = "zh-hant"
    response = confirm(other, mailbox.wait_for(mine))
    assert response.status_code == 302 and "_auth_user_id" not in other.session
    assert response["Location"] == reverse("login")
    page = other.get(response["Location"]).content.decode()
    assert "地址已確認：請以帳號與密碼登入。" in page, page[:2000]
    user = get_user_model().objects.get(username="youxia")
    assert user.emailaddress_set.get().verified
    assert other.post(reverse("login"), {"login": "youxia", "password": PASSWORD}).status_code == 302
    assert other.session["_auth_user_id"] == str(user.pk)


def test_an_unconfirmed_sign_up_does_not_log_in(world, mailbox):
    mine = address("youxia")
    sign_up(Client(), "youxia", mine)
    client = Client()
    response = client.post(reverse("login"), {"login": "youxia", "password": PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" not in client.session
    assert len(mailbox.to(mine)) == 1  # the link once: allauth does not mail it again within 3 minutes


def test_the_mail_is_in_the_language_of_the_request_that_caused_it(world, mailbox, settings):
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    mine = address("sanren")
    sign_up(client, "sanren", mine)
    mail = mailbox.wait_for(mine)
    assert "Chess Siege" in mail["Subject"] and "confirm" in text_of(mail).lower()


def test_log_in_by_username_or_by_address(world, mailbox):
    client, mine = Client(), address("youxia")
    sign_up(client, "youxia", mine)
    confirm(client, mailbox.wait_for(mine))
    by_address = Client()
    response = by_address.post(reverse("login"), {"login": mine.upper(), "password": PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in by_address.session
    by_name = Client()
    assert by_name.post(reverse("login"), {"login": "youxia", "password": PASSWORD}).status_code == 302
    assert "_auth_user_id" in by_name.session


def test_an_account_without_an_address_logs_in_and_lands_on_its_campaign(world):
    """The demo's and a world file's accounts have no address: nothing to confirm."""
    client = Client()
    response = client.post(reverse("login"), {"login": "caocao", "password": DEMO_PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("landing")
    assert client.get(response["Location"])["Location"] == reverse("dashboard", args=[world.campaign.slug])


def test_a_weak_password_is_refused_at_sign_up_with_the_validators_message(world, mailbox):
    response = sign_up(Client(), "youxia", address("youxia"), password="youxia123")
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="youxia").exists()
    assert "密碼" in response.content.decode() and not mailbox.mails


def test_a_mail_server_down_at_sign_up_is_told_not_a_500(world, settings):
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = sign_up(client, "youxia", address("youxia"))
    assert response.status_code == 302
    assert "could not be sent just now" in client.get(response["Location"]).content.decode()
