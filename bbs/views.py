"""The account's SSH keys page: a user adds the public keys they log in to the terminal with,
and removes them (the BBS's one web page; the terminal itself is bbs/server.py)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from bbs import lookups
from bbs.conf import setting
from bbs.selectors import ssh_keys_of
from bbs.services import ssh_key_add, ssh_key_remove
from campaign.errors import NotAllowed, RuleViolation
from campaign.pages import forbidden, outside_zone


@login_required
@require_http_methods(["GET", "HEAD"])
def ssh_keys_page(request: HttpRequest) -> HttpResponse:
    host, _sep, port = setting("BBS_BIND").rpartition(":")
    with timezone.override(outside_zone(request)):
        return render(
            request,
            "bbs/ssh_keys.html",
            {"keys": ssh_keys_of(request.user), "port": port, "host": request.get_host().split(":")[0]},
        )


@login_required
@require_POST
def ssh_key_new(request: HttpRequest) -> HttpResponse:
    try:
        key = ssh_key_add(user=request.user, text=request.POST.get("key", ""), name=request.POST.get("name", ""))
    except RuleViolation as exc:
        messages.error(request, exc.refusal_html)
        return redirect("ssh-keys")
    messages.success(request, _("Key “%(name)s” added.") % {"name": key.name or key.fingerprint})
    return redirect("ssh-keys")


@login_required
@require_POST
def ssh_key_remove_view(request: HttpRequest, key_id: int) -> HttpResponse:
    key = lookups.ssh_key(key_id)
    try:
        ssh_key_remove(user=request.user, key=key)
    except NotAllowed as exc:
        return forbidden(request, exc)
    messages.success(request, _("Key “%(name)s” removed.") % {"name": key.name or key.fingerprint})
    return redirect("ssh-keys")
