"""Prisoners' ransom and the retreat money paid before a fall (RULES.md §10)."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .sieges import Siege


class Ransom(models.Model):
    """What a prisoner owes to be freed (R10.2), or the retreat money a defender paid before a
    fall (R10.1)."""

    class Kind(models.TextChoices):
        RANSOM = "ransom", _("ransom")
        RETREAT = "retreat", _("retreat money")

    class Status(models.TextChoices):
        OWED = "owed", _("owed")
        PAID = "paid", _("paid")
        RELEASED = "released", _("released without payment")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="+", verbose_name=_("campaign")
    )
    officer = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="ransoms", verbose_name=_("officer")
    )
    kingdom = models.ForeignKey(
        "campaign.Kingdom",
        on_delete=models.CASCADE,
        related_name="+",
        help_text=_("the captor (ransom) or the kingdom besieging (retreat money)"),
        verbose_name=_("kingdom"),
    )
    siege = models.ForeignKey(
        Siege, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("siege")
    )
    kind = models.CharField(max_length=8, choices=Kind.choices, verbose_name=_("kind"))
    amount = models.PositiveIntegerField(verbose_name=_("amount"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OWED, verbose_name=_("status"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    settled_at = models.DateTimeField(null=True, blank=True, verbose_name=_("settled at"))
    settled_by = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("settled by"),
    )

    class Meta:
        verbose_name = _("ransom")
        verbose_name_plural = _("ransoms")
        constraints = [
            models.UniqueConstraint(
                fields=["officer"], condition=Q(kind="ransom", status="owed"), name="ransom_one_owed_per_prisoner"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.officer} {self.get_kind_display()} {self.amount}"
