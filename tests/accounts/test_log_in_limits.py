"""The log-in throttling (django-axes) counts allauth's log-in form: a user's wrong passwords,
typed under their username or their address, are one count; past LOGIN_FAILURE_LIMIT even the
right one is refused (429, the site's page saying why) from that address."""

from allauth.account.models import EmailAddress
from django.conf import settings
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
