"""Security (one log-in, whatever the door): an account with an authenticator app logs in to the
terminal as on the web, with its password and then the app's code or a recovery code, asked by
SSH's keyboard-interactive authentication; its password alone opens nothing, and a recovery code
used at the terminal is spent on the web too. A key added on the account page is a possession
factor of its own and asks no code."""

import asyncssh
import pytest
from django.test import Client
from django.urls import reverse

from bbs.services import ssh_key_add
from ops.demo import DEMO_PASSWORD
from tests.bbs.login_steps import (  # noqa: F401 (the fixture, used by every test here)
    _allauth_counts_unused,
    app_code,
    keyboard_connect,
    recovery_codes_of,
    with_authenticator,
)


def test_an_account_with_an_app_is_refused_with_its_password_alone(bbs, bbs_world):
    """Security: the password method does not skip the second factor; the banner says how to log
    in (keyboard-interactive), and a client that answers only the password gets nothing either."""
    with_authenticator(bbs_world["曹操"].user)
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", DEMO_PASSWORD)
    assert "keyboard-interactive" in bbs.last_banner
    with pytest.raises(asyncssh.PermissionDenied):
        keyboard_connect(bbs, "caocao", DEMO_PASSWORD)
    instructions, prompts = bbs.last_client.prompts[-1]
    assert "驗證器" in instructions and "authenticator app" in instructions  # the code is asked, in both
    assert all(terminal.screen_text().strip() == "" for terminal in bbs.terminals)


def test_the_password_then_the_apps_code_opens_the_main_menu_and_a_wrong_code_does_not(bbs, bbs_world):
    """Security: the terminal asks what the web asks: the password, then the app's code."""
    secret = with_authenticator(bbs_world["曹操"].user)
    right = app_code(secret)
    wrong = "000000" if right != "000000" else "111111"
    with pytest.raises(asyncssh.PermissionDenied):
        keyboard_connect(bbs, "caocao", DEMO_PASSWORD, wrong)
    with pytest.raises(asyncssh.PermissionDenied):
        keyboard_connect(bbs, "caocao", "not-the-password", lambda: app_code(secret))
    terminal = keyboard_connect(bbs, "caocao", DEMO_PASSWORD, lambda: app_code(secret))
    assert bbs_world.campaign.name in terminal.wait_for("曹操")


def test_an_apps_code_used_at_the_terminal_is_not_taken_again_on_the_web(bbs, bbs_world):
    """Security: a TOTP code is used once, whatever the door (allauth's mark of it, shared)."""
    secret = with_authenticator(bbs_world["曹操"].user)
    code = app_code(secret, margin=12)  # the same step at the terminal and on the web
    keyboard_connect(bbs, "caocao", DEMO_PASSWORD, code).wait_for("曹操")
    web = Client()
    asked = web.post(reverse("login"), {"login": "caocao", "password": DEMO_PASSWORD})
    assert asked["Location"] == reverse("mfa_authenticate")
    assert app_code(secret, margin=0) == code
    assert web.post(reverse("mfa_authenticate"), {"code": code}).status_code == 200
    assert "_auth_user_id" not in web.session


def test_a_recovery_code_logs_in_at_the_terminal_and_is_then_spent_on_the_web(bbs, bbs_world):
    """Security: a recovery code opens the terminal once; the web refuses it after."""
    user = bbs_world["曹操"].user
    with_authenticator(user)
    spare = recovery_codes_of(user)[0]
    keyboard_connect(bbs, "caocao", DEMO_PASSWORD, spare).wait_for("曹操")
    assert spare not in recovery_codes_of(user)
    web = Client()
    web.post(reverse("login"), {"login": "caocao", "password": DEMO_PASSWORD})
    refused = web.post(reverse("mfa_authenticate"), {"code": spare})
    assert refused.status_code == 200 and "_auth_user_id" not in web.session
    with pytest.raises(asyncssh.PermissionDenied):
        keyboard_connect(bbs, "caocao", DEMO_PASSWORD, spare)


def test_a_recovery_code_spent_on_the_web_does_not_open_the_terminal(bbs, bbs_world):
    user = bbs_world["曹操"].user
    with_authenticator(user)
    spare = recovery_codes_of(user)[0]
    web = Client()
    web.post(reverse("login"), {"login": "caocao", "password": DEMO_PASSWORD})
    assert web.post(reverse("mfa_authenticate"), {"code": spare}).status_code == 302
    with pytest.raises(asyncssh.PermissionDenied):
        keyboard_connect(bbs, "caocao", DEMO_PASSWORD, spare)


def test_wrong_codes_at_the_terminal_count_against_allauths_limit_with_a_message(bbs, bbs_world):
    """Security: a code is six digits; allauth's limit on wrong codes (5 a user in 5 minutes)
    bounds the guesses at the terminal as on the web, and then says so."""
    secret = with_authenticator(bbs_world["曹操"].user)
    wrong = "000000" if app_code(secret) != "000000" else "111111"
    for _attempt in range(5):
        with pytest.raises(asyncssh.PermissionDenied):
            keyboard_connect(bbs, "caocao", DEMO_PASSWORD, wrong)
    with pytest.raises(asyncssh.PermissionDenied):
        keyboard_connect(bbs, "caocao", DEMO_PASSWORD, lambda: app_code(secret))
    assert "Too many wrong codes" in bbs.last_banner
    web = Client()  # one limit, whatever the door: the web refuses the right code too
    web.post(reverse("login"), {"login": "caocao", "password": DEMO_PASSWORD})
    assert web.post(reverse("mfa_authenticate"), {"code": app_code(secret)}).status_code == 200
    assert "_auth_user_id" not in web.session


def test_an_account_with_an_app_logs_in_with_its_added_key_without_a_code(bbs, bbs_world):
    """Decision: a key added on the account page (from a web session past the second factor) is a
    possession factor, as a passkey is on the web: it logs in alone."""
    user = bbs_world["曹操"].user
    with_authenticator(user)
    private = asyncssh.generate_private_key("ssh-ed25519")
    public = private.export_public_key().decode()
    ssh_key_add(user=user, text=public)
    bbs.connect("caocao", client_keys=[private]).wait_for("曹操")
