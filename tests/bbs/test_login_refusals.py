"""Security (one log-in, whatever the door): the terminal refuses what the web refuses, by password
and by key alike: an account whose address is not confirmed (the banner tells it, in its language,
to confirm on the site) and an inactive one; and its pauses count the account, not the spelling:
after the limit of wrong passwords, `PLAIN2`, ` plain2` or the address in capitals is paused too."""

import asyncssh
import pytest
from allauth.account.models import EmailAddress
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import User
from django.test import override_settings
from django.urls import reverse

from bbs.services import ssh_key_add, terminal_choose
from ops.demo import DEMO_PASSWORD
from tests.bbs.login_steps import keyboard_connect


def _with_key(user):
    private = asyncssh.generate_private_key("ssh-ed25519")
    ssh_key_add(user=user, text=private.export_public_key().decode())
    return private


def test_an_unconfirmed_address_is_refused_by_password_and_by_key_telling_to_confirm_on_the_site(bbs, bbs_world):
    """Security (mandatory confirmation): the web sends such an account to confirm its address
    first; the terminal refuses it, saying so in both languages while its own is not known."""
    user = bbs_world["曹操"].user
    EmailAddress.objects.create(user=user, email="caocao@example.org", verified=False, primary=True)
    private = _with_key(user)
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", DEMO_PASSWORD)
    banner = bbs.last_banner
    assert "郵件地址尚未確認" in banner and "mail address is not confirmed" in banner
    assert settings.SITE_URL + reverse("login") in banner
    with pytest.raises(asyncssh.PermissionDenied):
        keyboard_connect(bbs, "caocao", DEMO_PASSWORD)
    assert "not confirmed" in bbs.last_banner
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", client_keys=[private])
    assert "not confirmed" in bbs.last_banner


def test_the_refusal_is_in_the_language_the_user_chose_in_the_terminal(bbs, bbs_world):
    user = bbs_world["曹操"].user
    EmailAddress.objects.create(user=user, email="caocao@example.org", verified=False, primary=True)
    terminal_choose(user=user, language="en")
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", DEMO_PASSWORD)
    assert "mail address is not confirmed" in bbs.last_banner and "尚未確認" not in bbs.last_banner


def test_a_confirmed_address_logs_in(bbs, bbs_world):
    user = bbs_world["曹操"].user
    EmailAddress.objects.create(user=user, email="caocao@example.org", verified=True, primary=True)
    bbs.connect("caocao", DEMO_PASSWORD).wait_for("曹操")


def test_an_inactive_account_is_refused_by_password_and_by_key_with_a_message(bbs, bbs_world):
    user = bbs_world["曹操"].user
    private = _with_key(user)
    User.objects.filter(pk=user.pk).update(is_active=False)
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", DEMO_PASSWORD)
    assert "此帳號已停用" in bbs.last_banner and "This account is inactive" in bbs.last_banner
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", client_keys=[private])
    assert "inactive" in bbs.last_banner
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", "not-the-password")
    assert "inactive" not in bbs.last_banner  # said only to who knows the password


PLAIN_PASSWORD = "a-plain-password-7"


def plain_account() -> User:
    """A signed-up account whose stored name has capitals (allauth keeps the casing typed)."""
    user = User.objects.create_user("Plain2", password=PLAIN_PASSWORD)
    EmailAddress.objects.create(user=user, email="plain2@example.org", verified=True, primary=True)
    return user


@override_settings(AXES_FAILURE_LIMIT=3)
@pytest.mark.parametrize("typed", ["PLAIN2", " plain2", "PLAIN2@EXAMPLE.ORG", "plain2@example.org"])
def test_after_the_limit_no_spelling_of_the_account_gets_past_the_pause(bbs, typed):
    """Security (log-in pauses): the terminal counts the account as the web does, whichever way
    its name or address is typed."""
    plain_account()
    for _attempt in range(3):
        with pytest.raises(asyncssh.PermissionDenied):
            bbs.connect("plain2", "wrong")
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect(typed, PLAIN_PASSWORD)
    assert "paused for 15 minutes" in bbs.last_banner
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["plain2"]


@override_settings(AXES_FAILURE_LIMIT=3)
def test_a_log_in_at_the_terminal_clears_the_accounts_wrong_passwords_as_the_webs_does(bbs):
    """The same pauses: a right log-in clears the account's failures from that address
    (AXES_RESET_ON_SUCCESS), so two typos before it and two after do not pause the account."""
    plain_account()
    for _attempt in range(2):
        with pytest.raises(asyncssh.PermissionDenied):
            bbs.connect("plain2", "wrong")
    bbs.connect("PLAIN2", PLAIN_PASSWORD).close()
    assert not AccessAttempt.objects.exists()
    for _attempt in range(2):
        with pytest.raises(asyncssh.PermissionDenied):
            bbs.connect("plain2", "wrong")
    bbs.connect("plain2", PLAIN_PASSWORD).close()
