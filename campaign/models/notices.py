"""The outbox of notices (issue 11): a row per officer and duty, written in the same transaction
as the event that made the duty, delivered after commit by the worker (push now; mail later),
each channel once: what Redis or the mail server missed is found again by the sweeper."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Notice(models.Model):
    class Push(models.TextChoices):
        WAITING = "", _("waiting")
        SENT = "sent", _("sent")
        VOID = "void", _("not sent: the duty was gone")

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="+")
    officer = models.ForeignKey("campaign.Officer", on_delete=models.CASCADE, related_name="notices")
    key = models.CharField(max_length=64, help_text="the duty's key (battles/selectors/duties.py)")
    created_at = models.DateTimeField()
    push = models.CharField(max_length=4, choices=Push.choices, default=Push.WAITING, blank=True)
    pushed_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True, help_text="a delivery under way (a lease)")
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        constraints = [models.UniqueConstraint(fields=["officer", "key"], name="notice_once_per_officer")]
        indexes = [models.Index(fields=["created_at"], condition=Q(push=""), name="notice_push_waiting")]

    def __str__(self) -> str:
        return f"{self.key} → {self.officer_id}"
