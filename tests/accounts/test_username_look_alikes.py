"""Usernames people can tell apart (the security property: nobody signs up as a look-alike of
another player): stored in NFKC (`ｃａｏｃａｏ` is `caocao`), refused with a character nobody sees,
refused when they look like an account's already taken (UTS #39 skeletons), naming it, in the
reader's language; the refused sign-up makes no account."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.accounts.test_sign_up import address, sign_up


def refused(username: str, language: str = "zh-hant") -> str:
    """The sign-up page's answer to `username`: refused (no account made), its text."""
    client = Client()
    client.cookies["django_language"] = language
    before = get_user_model().objects.count()
    response = sign_up(client, username, address("look-alike"))
    assert response.status_code == 200, "the form again, with the refusal"
    assert get_user_model().objects.count() == before
    return response.content.decode()


def test_a_full_width_twin_of_a_username_is_refused(world):
    """`ｃａｏｃａｏ` is `caocao` once normalised: taken."""
    page = refused("ｃａｏｃａｏ")
    assert not get_user_model().objects.filter(username="ｃａｏｃａｏ").exists()
    assert "「ｃａｏｃａｏ」看起來和已有的帳號「caocao」一樣" in page


@pytest.mark.parametrize("twin", ["cаocao", "CaoCao", "caoca0"])  # a Cyrillic а; case; a zero for the o
def test_a_look_alike_of_a_username_is_refused_naming_it(world, twin):
    page = refused(twin)
    assert "看起來和已有的帳號「caocao」一樣" in page


def test_the_look_alike_refusal_in_english(world):
    assert "looks like the username “caocao”, already taken" in refused("cаocao", "en")


def test_a_username_with_a_character_nobody_sees_is_refused(world):
    assert "U+200B" in refused("caocao\u200b") and "U+00AD" in refused("cao\u00adcao")


def test_a_full_width_username_apart_from_the_others_is_stored_normalised(world, mailbox):
    assert sign_up(Client(), "ｙｏｕｘｉａ", address("youxia")).status_code == 302
    assert get_user_model().objects.filter(username="youxia").exists()
