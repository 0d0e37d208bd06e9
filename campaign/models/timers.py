"""Timers are data (DESIGN.md): what is due, when, and whether it was applied."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Timer(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        DONE = "done", _("applied")
        FAILED = "failed", _("set aside after failures")
        CANCELLED = "cancelled", _("cancelled")

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="timers")
    key = models.CharField(max_length=120, unique=True, help_text="Idempotency key, e.g. move:41:arrive")
    kind = models.CharField(max_length=40)
    object_id = models.BigIntegerField()
    due_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        verbose_name = _("timer")
        verbose_name_plural = _("timers")
        indexes = [models.Index(fields=["due_at"], condition=Q(status="pending"), name="timer_pending_due")]

    def __str__(self) -> str:
        return f"{self.key} @ {self.due_at:%Y-%m-%d %H:%M:%S}"
