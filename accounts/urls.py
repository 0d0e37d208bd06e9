"""An account's own pages beside allauth's: its API tokens (made, shown once, revoked)."""

from django.urls import path

from accounts.views import tokens
from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)

urlpatterns = [
    path("accounts/tokens/", tokens.tokens_page, name="tokens"),
    path("accounts/tokens/new/", tokens.token_new, name="token-new"),
    path("accounts/tokens/<id:token_id>/revoke/", tokens.token_revoke_view, name="token-revoke"),
]
