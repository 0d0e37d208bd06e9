"""The terminal's things found by their id, 404 otherwise: an SSH key, for the account's keys page
(whose service then refuses another account's: only its owner may remove it)."""

from django.shortcuts import get_object_or_404

from bbs.models import SSHKey


def ssh_key(key_id: int) -> SSHKey:
    return get_object_or_404(SSHKey, pk=key_id)
