"""A move between cities (R3): asked, approved, on the road, arrived."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

# The timer kind of a move's arrival (R3.4; orders/services/moves.py applies it, a season's pause holds it).
ARRIVAL = "move.arrive"


class Move(models.Model):
    class Status(models.TextChoices):
        REQUESTED = "requested", _("awaiting approval")
        TRAVELLING = "travelling", _("on the road")
        ARRIVED = "arrived", _("arrived")
        REJECTED = "rejected", _("rejected")
        CANCELLED = "cancelled", _("cancelled")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="moves", verbose_name=_("campaign")
    )
    officer = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="moves", verbose_name=_("officer")
    )
    origin = models.ForeignKey("cities.City", on_delete=models.PROTECT, related_name="+", verbose_name=_("origin"))
    destination = models.ForeignKey(
        "cities.City", on_delete=models.PROTECT, related_name="+", verbose_name=_("destination")
    )
    route = models.JSONField(help_text=_("City ids from origin to destination (R1.4)"), verbose_name=_("route"))
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REQUESTED, verbose_name=_("status"))
    requested_by = models.ForeignKey(
        "campaign.Officer", on_delete=models.PROTECT, related_name="+", verbose_name=_("requested by")
    )
    # R3.2 (or R3.1 for the king): who agreed for the city being left and the city entered.
    origin_approver = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("origin approver"),
    )
    destination_approver = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("destination approver"),
    )
    needs_king = models.BooleanField(
        default=False, help_text=_("R3.1: only the king decides"), verbose_name=_("needs king")
    )
    created_at = models.DateTimeField(verbose_name=_("created at"))
    departs_at = models.DateTimeField(null=True, blank=True, verbose_name=_("departs at"))
    arrives_at = models.DateTimeField(null=True, blank=True, verbose_name=_("arrives at"))
    arrived_at = models.DateTimeField(null=True, blank=True, verbose_name=_("arrived at"))
    decided_by = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("decided by"),
    )

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        constraints = [
            # R3.5: one move at a time; a second request (a double click) cannot be stored.
            models.UniqueConstraint(
                fields=["officer"], condition=Q(status__in=["requested", "travelling"]), name="move_one_active"
            ),
            models.CheckConstraint(condition=~Q(origin=models.F("destination")), name="move_goes_somewhere"),
            models.CheckConstraint(
                condition=Q(status__in=["requested", "rejected", "cancelled"]) | Q(arrives_at__isnull=False),
                name="move_on_road_has_arrival",
            ),
        ]
        # The duties every page shows read the requests waiting only (a whole index: SQLite
        # cannot use a partial one for a query with bound parameters).
        indexes = [models.Index(fields=["status", "campaign"], name="move_status")]

    @property
    def legs(self) -> int:
        return len(self.route) - 1

    def __str__(self) -> str:
        return f"{self.officer}: {self.origin} → {self.destination}"
