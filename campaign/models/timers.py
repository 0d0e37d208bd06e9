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
    seq = models.PositiveIntegerField(default=0, help_text="Which period of a series (R7.2, R7.3)")
    due_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField()
    sent_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When its on-time message went to the broker: at once for a timer due within "
        "TIMER_LEAD_SECONDS, else by the sweeper as the instant nears",
    )

    class Meta:
        verbose_name = _("timer")
        verbose_name_plural = _("timers")
        indexes = [
            models.Index(fields=["due_at"], condition=Q(status="pending"), name="timer_pending_due"),
            # Issue 11: the window a pending timer closes, read by the duties (a call's period, a flag).
            models.Index(fields=["kind", "object_id", "status"], name="timer_object"),
        ]

    def __str__(self) -> str:
        return f"{self.key} @ {self.due_at:%Y-%m-%d %H:%M:%S}"


class Heartbeat(models.Model):
    """When a periodic job last ran (the sweeper), for the operators' page."""

    name = models.CharField(max_length=40, unique=True)
    at = models.DateTimeField()
    detail = models.CharField(max_length=200, blank=True)
