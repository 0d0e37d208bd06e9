"""An account's own thing found by its id, 404 otherwise: an API token, for the tokens page
(whose service then refuses another account's: only its owner may revoke it)."""

from django.shortcuts import get_object_or_404

from accounts.models import AccessToken


def token(token_id: int) -> AccessToken:
    return get_object_or_404(AccessToken, pk=token_id)
