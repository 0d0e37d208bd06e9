"""SSH public keys: added and removed on the web account page (CSRF, the owner only), they log
their user in to the terminal; an unknown key, a removed one or someone else's is refused."""

import asyncssh
import pytest
from django.test import Client
from django.urls import reverse

from bbs.models import SSHKey
from bbs.selectors import ssh_keys_of


def _keypair():
    private = asyncssh.generate_private_key("ssh-ed25519", comment="laptop")
    return private, private.export_public_key().decode()


def test_a_key_added_on_the_account_page_logs_its_user_in_and_once_removed_no_more(bbs, bbs_world):
    private, public = _keypair()
    web = Client(enforce_csrf_checks=True)
    web.force_login(bbs_world["曹操"].user)
    page = web.get(reverse("ssh-keys"))
    assert page.status_code == 200 and "csrfmiddlewaretoken" in page.content.decode()
    assert web.post(reverse("ssh-key-new"), {"key": public}).status_code == 403  # no CSRF token: refused
    token = page.cookies["csrftoken"].value
    added = web.post(reverse("ssh-key-new"), {"key": public, "name": "", "csrfmiddlewaretoken": token}, follow=True)
    assert "laptop" in added.content.decode()
    key = SSHKey.objects.get(user__username="caocao")
    terminal = bbs.connect("caocao", client_keys=[private])
    terminal.wait_for("曹操")
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caoren", client_keys=[private])  # the key is caocao's, not caoren's
    web.post(reverse("ssh-key-remove", args=[key.pk]), {"csrfmiddlewaretoken": token})
    assert not SSHKey.objects.filter(pk=key.pk).exists()
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", client_keys=[private])


def test_an_unknown_key_is_refused(bbs, bbs_world):
    private, _public = _keypair()
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", client_keys=[private])


def test_what_is_no_public_key_is_refused_with_a_message_and_nothing_added(bbs_world, django_assert_num_queries):
    user = bbs_world["曹操"].user
    web = Client()
    web.force_login(user)
    answer = web.post(reverse("ssh-key-new"), {"key": "-----BEGIN OPENSSH PRIVATE KEY----- oops"}, follow=True)
    assert "這不是公開金鑰" in answer.content.decode()  # this is not a public key
    _private, public = _keypair()
    web.post(reverse("ssh-key-new"), {"key": public})
    again = web.post(reverse("ssh-key-new"), {"key": public}, follow=True)
    assert "此金鑰已加入過" in again.content.decode()  # this key is added already
    with django_assert_num_queries(1):
        assert len(ssh_keys_of(user)) == 1
