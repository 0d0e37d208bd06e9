"""The pauses of a season's war (R7: the organisers' holidays)."""

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
        db_table = "campaign_warpause"  # the table it had in campaign
        verbose_name = _("pause of the war")
        verbose_name_plural = _("pauses of the war")
        constraints = [
            models.UniqueConstraint(
                fields=["campaign"], condition=models.Q(ended_at__isnull=True), name="warpause_one_open"
            )
        ]

    def __str__(self) -> str:
        return f"{self.campaign} {self.started_at:%Y-%m-%d %H:%M}"
