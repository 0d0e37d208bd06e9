"""Web Push, the outbox's third channel: an officer's devices (a browser's push subscription each,
named by the officer) and a delivery row per notice and device, with its own state and lease, so
that each device is sent a notice once."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class PushSubscription(models.Model):
    """A browser's push subscription (RFC 8030): the push service's endpoint and the keys of the
    message encryption (RFC 8291), in the language the officer turned it on in."""

    officer = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="devices", verbose_name=_("officer")
    )
    name = models.CharField(max_length=60, verbose_name=_("name"))
    endpoint = models.CharField(max_length=1000, verbose_name=_("endpoint"))
    p256dh = models.CharField(max_length=100, help_text=_("the device's public key"), verbose_name=_("key"))
    auth = models.CharField(max_length=40, verbose_name=_("authentication secret"))
    language = models.CharField(max_length=10, verbose_name=_("language"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    sent_at = models.DateTimeField(null=True, blank=True, verbose_name=_("last sent at"))

    class Meta:
        db_table = "campaign_pushsubscription"  # the table it had in campaign
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")
        constraints = [models.UniqueConstraint(fields=["officer", "endpoint"], name="push_device_once_per_officer")]

    def __str__(self) -> str:
        return f"{self.officer_id}: {self.name}"


class PushDelivery(models.Model):
    """One notice to one device: decided when the notice is delivered (the officer's kinds and
    quiet hours), then sent, retried with backoff while the push service is away."""

    class State(models.TextChoices):
        WAITING = "", _("waiting")
        SENT = "sent", _("sent")
        SKIP = "skip", _("not wanted")
        VOID = "void", _("not sent: the duty was gone")
        HELD = "held", _("held for the digest")
        DIGESTED = "digested", _("sent in a digest")
        REFUSED = "refused", _("refused by the push service")

    notice = models.ForeignKey(
        "campaign.Notice", on_delete=models.CASCADE, related_name="deliveries", verbose_name=_("notice")
    )
    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="deliveries", verbose_name=_("device")
    )
    state = models.CharField(max_length=8, choices=State.choices, default="", blank=True, verbose_name=_("state"))
    claimed_at = models.DateTimeField(
        null=True, blank=True, help_text=_("a delivery under way (a lease)"), verbose_name=_("claimed at")
    )
    attempts = models.PositiveSmallIntegerField(default=0, verbose_name=_("attempts"))
    next_at = models.DateTimeField(help_text=_("not tried again before"), verbose_name=_("next try at"))
    sent_at = models.DateTimeField(null=True, blank=True, verbose_name=_("sent at"))

    class Meta:
        db_table = "campaign_pushdelivery"  # the table it had in campaign
        verbose_name = _("push delivery")
        verbose_name_plural = _("push deliveries")
        constraints = [models.UniqueConstraint(fields=["notice", "subscription"], name="push_once_per_device")]
        indexes = [models.Index(fields=["next_at"], condition=Q(state__in=["", "held"]), name="push_delivery_waiting")]

    def __str__(self) -> str:
        return f"{self.notice_id} → {self.subscription_id}"
