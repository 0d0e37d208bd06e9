"""An officer's devices for Web Push: turned on from the duties page (the browser's subscription,
posted by the page's script), named, removed. The delivery of notices to them is
delivery/services/push_delivery.py."""

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer
from campaign.text_refusals import checked_name
from delivery.models import PushSubscription
from delivery.push_endpoints import CLAUSE, checked_endpoint, checked_keys

# Devices an officer may have at once (a phone, a tablet, a few browsers): a bound on what one
# account may make the site store and post to.
DEVICES_PER_OFFICER = 20
NAME_LENGTH = 60


def _name(name: str) -> str:
    name = " ".join(name.split())
    return checked_name(name, field=_("device name"), clause=CLAUSE, max_length=NAME_LENGTH) or _("A device")


@transaction.atomic
def push_subscription_create(
    *, actor: Officer, officer: Officer, endpoint: str, p256dh: str, auth: str, name: str = "", language: str = ""
) -> PushSubscription:
    """This device's subscription, from the browser; the same endpoint again takes the new keys
    (a browser renews its subscription) and keeps the name it was given."""
    if actor.pk != officer.pk:
        raise NotAllowed(CLAUSE, _("Only the officer turns on notifications for their own devices."))
    endpoint = checked_endpoint(endpoint.strip())
    p256dh, auth = checked_keys(p256dh.strip(), auth.strip())
    name = _name(name)
    languages = {code for code, _label in settings.LANGUAGES}
    language = language if language in languages else settings.LANGUAGE_CODE
    Officer.objects.select_for_update(no_key=True).filter(pk=officer.pk).first()  # one count at a time per officer
    current = PushSubscription.objects.filter(officer=officer, endpoint=endpoint).first()
    if current is not None:
        current.p256dh, current.auth, current.language = p256dh, auth, language
        current.save(update_fields=["p256dh", "auth", "language"])
        return current
    if PushSubscription.objects.filter(officer=officer).count() >= DEVICES_PER_OFFICER:
        raise RuleViolation(
            CLAUSE,
            _("You have %(n)d devices with notifications already: remove one first.") % {"n": DEVICES_PER_OFFICER},
        )
    return PushSubscription.objects.create(
        officer=officer,
        endpoint=endpoint,
        p256dh=p256dh,
        auth=auth,
        name=name,
        language=language,
        created_at=clock.now(),
    )


def _own(actor: Officer, subscription_id: int) -> PushSubscription:
    device = PushSubscription.objects.select_for_update(no_key=True).filter(pk=subscription_id).first()
    if device is None:
        raise RuleViolation(CLAUSE, _("This device is not known: it may have been removed."))
    if device.officer_id != actor.pk:
        raise NotAllowed(CLAUSE, _("Only the officer names and removes their own devices."))
    return device


@transaction.atomic
def push_subscription_rename(*, actor: Officer, subscription_id: int, name: str) -> PushSubscription:
    device = _own(actor, subscription_id)
    device.name = _name(name)
    device.save(update_fields=["name"])
    return device


@transaction.atomic
def push_subscription_remove(*, actor: Officer, subscription_id: int) -> None:
    """No more notifications to the device (what waits for it is dropped with it)."""
    _own(actor, subscription_id).delete()
