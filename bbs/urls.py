"""The BBS's web page: the account's SSH keys."""

from django.urls import path

from bbs import views
from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id)

urlpatterns = [
    path("accounts/ssh-keys/", views.ssh_keys_page, name="ssh-keys"),
    path("accounts/ssh-keys/new/", views.ssh_key_new, name="ssh-key-new"),
    path("accounts/ssh-keys/<id:key_id>/remove/", views.ssh_key_remove_view, name="ssh-key-remove"),
]
