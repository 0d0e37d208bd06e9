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
        # Held by a pause of the war: pending again, its instant moved by the pause, on resume.
        PAUSED = "paused", _("held by a pause")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="timers", verbose_name=_("campaign")
    )
    key = models.CharField(
        max_length=120, unique=True, help_text=_("Idempotency key, e.g. move:41:arrive"), verbose_name=_("key")
    )
    kind = models.CharField(max_length=40, verbose_name=_("kind"))
    object_id = models.BigIntegerField(verbose_name=_("object id"))
    seq = models.PositiveIntegerField(
        default=0, help_text=_("Which period of a series (R7.2, R7.3)"), verbose_name=_("sequence")
    )
    due_at = models.DateTimeField(verbose_name=_("due at"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, verbose_name=_("status"))
    attempts = models.PositiveSmallIntegerField(default=0, verbose_name=_("attempts"))
    last_error = models.TextField(blank=True, verbose_name=_("last error"))
    applied_at = models.DateTimeField(null=True, blank=True, verbose_name=_("applied at"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    sent_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_(
            "When its on-time message went to the broker: at once for a timer due within "
            "TIMER_LEAD_SECONDS, else by the sweeper as the instant nears"
        ),
        verbose_name=_("sent at"),
    )

    class Meta:
        verbose_name = _("timer")
        verbose_name_plural = _("timers")
        indexes = [
            models.Index(fields=["due_at"], condition=Q(status="pending"), name="timer_pending_due"),
            # The window a pending timer closes, read by the duties (a call's period, a flag).
            models.Index(fields=["kind", "object_id", "status"], name="timer_object"),
        ]

    def __str__(self) -> str:
        return f"{self.key} @ {self.due_at:%Y-%m-%d %H:%M:%S}"


class Heartbeat(models.Model):
    """When a periodic job last ran (the sweeper), for the operators' page."""

    name = models.CharField(max_length=40, unique=True, verbose_name=_("name"))
    at = models.DateTimeField(verbose_name=_("ran at"))
    detail = models.CharField(max_length=200, blank=True, verbose_name=_("detail"))
    # The sweeper's last pass, counted (the operators' page says it in the reader's language).
    applied = models.PositiveIntegerField(default=0, verbose_name=_("applied"))
    sent = models.PositiveIntegerField(default=0, verbose_name=_("sent"))

    class Meta:
        verbose_name = _("heartbeat")
        verbose_name_plural = _("heartbeats")

    def __str__(self) -> str:
        return self.name
