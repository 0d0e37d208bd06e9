"""The ledger: every change of a wall or a morale (DESIGN.md "Ledger"), written only by
`battles/services/ledger.py`."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class LedgerEntry(models.Model):
    """One change of a wall or a morale (DESIGN.md "Ledger"): by how much, the value after,
    the clause, the cause, when it was due and applied, and a unique idempotency key."""

    class Field(models.TextChoices):
        WALL = "wall", _("wall")
        MORALE = "morale", _("morale")

    # The composite indexes below serve lookups by city and by army; single-column indexes on
    # these keys would only slow the daily change's 10,000-row insert (bench/clock.py).
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="+", db_index=False, verbose_name=_("campaign")
    )
    city = models.ForeignKey(
        "cities.City",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="ledger",
        db_index=False,
        verbose_name=_("city"),
    )
    army = models.ForeignKey(
        "battles.Army",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="ledger",
        db_index=False,
        verbose_name=_("army"),
    )
    field = models.CharField(max_length=8, choices=Field.choices, verbose_name=_("field"))
    delta = models.IntegerField(verbose_name=_("delta"))
    value_after = models.IntegerField(verbose_name=_("value after"))
    clause = models.CharField(max_length=12, verbose_name=_("clause"))
    # What caused it, as data: a kind (CAUSES below) and the names it needs, rendered in the
    # reader's language by `cause_text` (rows older than this keep their text in `cause`).
    cause = models.CharField(max_length=200, verbose_name=_("cause"))
    cause_args = models.JSONField(default=dict, blank=True, verbose_name=_("cause args"))
    game = models.ForeignKey(
        "play.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_index=False,
        verbose_name=_("game"),
    )
    key = models.CharField(max_length=120, unique=True, verbose_name=_("key"))
    due_at = models.DateTimeField(verbose_name=_("due at"))
    applied_at = models.DateTimeField(verbose_name=_("applied at"))

    CAUSES = {
        "day": _("the day's change"),
        "outnumbered": _("%(defenders)s defenders against %(attackers)s attackers"),
        "unanswered": _("siege call unanswered"),
        "won": _("%(attacker)s beat %(defender)s"),
        "lost": _("%(attacker)s lost to %(defender)s"),
        "joined": _("%(name)s joined the army"),
        "ploy": _("siege ploy of %(schemer)s on %(target)s"),
        "taken": _("%(city)s taken by %(kingdom)s"),
    }

    @property
    def cause_text(self) -> str:
        """The cause in the reader's language."""
        template = self.CAUSES.get(self.cause)
        if template is None:
            return self.cause
        try:
            return str(template) % self.cause_args if self.cause_args else str(template)
        except (KeyError, TypeError, ValueError):
            return str(template)

    class Meta:
        # The table keeps the name it had when the ledger lived in `cities` (the model moved to
        # the war, which writes it; the rows and their indexes stayed where they were).
        db_table = "cities_ledgerentry"
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger")
        indexes = [
            models.Index(fields=["city", "due_at"], name="ledger_city_time"),
            models.Index(fields=["army", "due_at"], name="ledger_army_time"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(field="wall", city__isnull=False, army__isnull=True)
                | Q(field="morale", army__isnull=False, city__isnull=True),
                name="ledger_wall_of_city_morale_of_army",
            )
        ]

    def __str__(self) -> str:
        return f"{self.city or self.army} {self.get_field_display()} {self.delta:+d}"
