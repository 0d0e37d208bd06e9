"""The accounts' pages (django-allauth) in the site's frame, in both languages, each POST refused
without its CSRF token (403, nothing changed), and the list of them kept whole."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from ops.demo import DEMO_PASSWORD
from tests.accounts.own import ACCOUNTS_OWN, PARAMETERS
from tests.test_authorization import url_patterns


def account_url(name: str, parameters: tuple) -> str:
    return reverse(name, kwargs={p: PARAMETERS[p] for p in parameters})


def test_the_list_of_the_accounts_own_pages_is_every_allauth_page():
    """A new allauth page (a setting turned on, an upgrade) is looked at before it is let in."""
    allauth = {name for name, _ in url_patterns() if name.startswith(("account_", "mfa_"))}
    assert allauth == ACCOUNTS_OWN


@pytest.mark.parametrize("logged_in", [False, True])
def test_every_accounts_page_refuses_a_post_without_its_csrf_token(world, logged_in):
    client = Client(enforce_csrf_checks=True)
    if logged_in:
        client.force_login(world["郭嘉"].user)
    before = get_user_model().objects.get(username="guojia").password
    for name, parameters in url_patterns():
        if name in ACCOUNTS_OWN:
            data = {"oldpassword": DEMO_PASSWORD, "password1": "x-new-long-pass", "password2": "x-new-long-pass"}
            assert client.post(account_url(name, parameters), data).status_code == 403, name
    assert get_user_model().objects.get(username="guojia").password == before


@pytest.mark.parametrize(
    ("name", "chinese", "english"),
    [
        ("account_login", "登入", "Sign In"),
        ("account_signup", "註冊", "Sign Up"),
        ("account_reset_password", "密碼重設", "Password Reset"),
    ],
)
def test_the_entrance_pages_are_the_sites_in_both_languages(world, settings, name, chinese, english):
    client = Client()
    page = client.get(reverse(name)).content.decode()
    assert chinese in page and 'href="/static/site.css"' in page and "象棋攻城" in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert english in client.get(reverse(name)).content.decode()


def test_the_account_pages_show_the_accounts_menu(world, client):
    client.force_login(world["郭嘉"].user)
    page = client.get(reverse("account_email")).content.decode()
    for name in ("account_change_password", "mfa_index", "tokens"):
        assert f'href="{reverse(name)}"' in page


# The pages that change a logged-in account: nobody else's account is in reach (each acts on the
# session's user), and the anonymous visitor is sent to log in.
ACCOUNTS_MANAGE = (
    "account_email",
    "account_change_password",
    "account_set_password",
    "mfa_activate_totp",
    "mfa_deactivate_totp",
    "mfa_generate_recovery_codes",
)


def test_the_account_changing_pages_send_the_anonymous_visitor_to_log_in(world):
    client = Client()
    before = list(get_user_model().objects.order_by("pk").values_list("password", flat=True))
    for name in ACCOUNTS_MANAGE:
        response = client.post(reverse(name), {"email": "someone@example.org", "password1": "x-new-long-pass"})
        assert response.status_code == 302 and response["Location"].startswith(reverse("login")), name
    assert list(get_user_model().objects.order_by("pk").values_list("password", flat=True)) == before
