"""What the friendly games' tests share: accounts, a game started between two of them."""

from django.contrib.auth import get_user_model
from django.test import Client

from friendly.services.challenges import friendly_accept, friendly_challenge


def account(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.com", "a-long-password-2026")


def signed_in(user, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(user)
    return client


def started(kind: str, first, second, settings: dict | None = None):
    """A game of `kind`, `first` the challenger playing first, accepted by `second`."""
    game = friendly_challenge(user=first, opponent_name=second.username, kind=kind, settings=settings or {})
    return friendly_accept(user=second, game_id=game.pk)
