"""Rows of the authorization matrix for the SSH keys of the terminal: each user adds their own
and removes only their own."""

from bbs.services import ssh_key_add
from tests.authorization.cases import Case, allow, refuse

# A real ed25519 public key (its private half is nowhere: these rows never log in with it).
PUBLIC_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl laptop"
OTHER_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBz4lN0Zq0cVZ3lJ6o3M5lqfZr1wq0YFv2Jm8u6kGf2M phone"


def ssh_key_new(world, clock):
    """Anyone logged in adds a key to their own account; there is nobody else's to add to."""
    return Case([], {"key": PUBLIC_KEY, "name": "laptop"}, {"right": allow("郭嘉")}, campaign_url=False)


def ssh_key_remove(world, clock):
    """Only its owner removes a key."""
    key = ssh_key_add(user=world["郭嘉"].user, text=OTHER_KEY)
    return Case(
        [key.pk], {}, {"other": refuse("孫權"), "same": refuse("荀彧"), "right": allow("郭嘉")}, campaign_url=False
    )


BBS_ROWS = {"ssh-key-new": ssh_key_new, "ssh-key-remove": ssh_key_remove}
