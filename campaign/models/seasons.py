"""A season's record beyond the ledger: the pauses of its war and the historians' pinned accounts."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class WarPause(models.Model):
    """A holiday in the war: from `started_at` to `ended_at` nothing fell due, and every pending
    deadline moved by its length."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="pauses", verbose_name=_("campaign")
    )
    started_at = models.DateTimeField(_("paused at"))
    planned_until = models.DateTimeField(_("planned until"), null=True, blank=True)
    ended_at = models.DateTimeField(_("resumed at"), null=True, blank=True)
    paused_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("paused by")
    )

    class Meta:
        verbose_name = _("pause of the war")
        verbose_name_plural = _("pauses of the war")
        constraints = [
            models.UniqueConstraint(
                fields=["campaign"], condition=models.Q(ended_at__isnull=True), name="warpause_one_open"
            )
        ]

    def __str__(self) -> str:
        return f"{self.campaign} {self.started_at:%Y-%m-%d %H:%M}"


class ChroniclePin(models.Model):
    """A historian's own post pinned into the war's chronicle (史官 write the war's record)."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="chronicle_pins", verbose_name=_("campaign")
    )
    post = models.OneToOneField(
        "campaign.Post", on_delete=models.CASCADE, related_name="chronicle_pin", verbose_name=_("post")
    )
    pinned_by = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="+", verbose_name=_("pinned by")
    )
    day = models.DateField(_("day of the war"))
    pinned_at = models.DateTimeField(_("pinned at"))

    class Meta:
        verbose_name = _("chronicle pin")
        verbose_name_plural = _("chronicle pins")

    def __str__(self) -> str:
        return f"{self.campaign} {self.day}"
