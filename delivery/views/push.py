"""Web Push from the duties page: this device's subscription (posted by the page's script after
the officer asked and the browser allowed it), a device's name, its removal."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaign.pages import campaign_action, require_officer
from delivery.services.push import push_subscription_create, push_subscription_remove, push_subscription_rename


def _duties(campaign):
    return redirect("duties", campaign.slug)


@campaign_action
def push_device_add(request, campaign):
    officer = require_officer(request)
    post = request.POST
    device = push_subscription_create(
        actor=officer,
        officer=officer,
        endpoint=post.get("endpoint", "")[:2000],
        p256dh=post.get("p256dh", "")[:200],
        auth=post.get("auth", "")[:100],
        name=post.get("name", "")[:200],
        language=get_language(),
    )
    messages.success(request, _("Notifications are on for “%(name)s”.") % {"name": device.name})
    return _duties(campaign)


@campaign_action
def push_device_rename(request, campaign, device_id: int):
    officer = require_officer(request)
    push_subscription_rename(actor=officer, subscription_id=device_id, name=request.POST.get("name", "")[:200])
    messages.success(request, _("The device's name is saved."))
    return _duties(campaign)


@campaign_action
def push_device_remove(request, campaign, device_id: int):
    officer = require_officer(request)
    push_subscription_remove(actor=officer, subscription_id=device_id)
    messages.success(request, _("No more notifications to that device."))
    return _duties(campaign)
