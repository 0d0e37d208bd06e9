"""Cities and roads (R1.3, R1.4)."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class CityKind(models.TextChoices):
    CAPITAL = "capital", _("capital")
    BUFFER = "buffer", _("buffer city")
    FRONTIER = "frontier", _("frontier city")


class City(models.Model):
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="cities", verbose_name=_("campaign")
    )
    name = models.CharField(_("name"), max_length=50)
    kingdom = models.ForeignKey(
        "campaign.Kingdom",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="cities",
        verbose_name=_("owner"),
    )
    kind = models.CharField(_("kind"), max_length=10, choices=CityKind.choices)
    governor = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="governed_cities",
        verbose_name=_("governor"),
    )
    wall = models.PositiveIntegerField(_("wall"))
    wall_max = models.PositiveIntegerField(_("wall maximum"))
    wall_start = models.PositiveIntegerField(
        _("starting wall"), help_text=_("wall = wall_start + the sum of the ledger")
    )
    position = models.PositiveSmallIntegerField(
        default=0, help_text=_("Order on the dashboard"), verbose_name=_("position")
    )
    # Where the map draws the city (any units: the map fits them to its frame); cities without
    # them are placed by cities.layout around the others.
    map_x = models.FloatField(_("map x"), null=True, blank=True)
    map_y = models.FloatField(_("map y"), null=True, blank=True)

    class Meta:
        verbose_name = _("city")
        verbose_name_plural = _("cities")
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="city_name_unique"),
            models.CheckConstraint(condition=Q(wall__gte=0, wall__lte=F("wall_max")), name="city_wall_in_bounds"),
            # Decision: an officer governs at most one city at a time.
            models.UniqueConstraint(
                fields=["governor"], condition=Q(governor__isnull=False), name="city_one_governor_post"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Road(models.Model):
    """A road between two adjacent cities; travel takes the campaign's travel time (R1.4)."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="roads", verbose_name=_("campaign")
    )
    a = models.ForeignKey(City, on_delete=models.CASCADE, related_name="+", verbose_name=_("one end"))
    b = models.ForeignKey(City, on_delete=models.CASCADE, related_name="+", verbose_name=_("other end"))

    class Meta:
        verbose_name = _("road")
        verbose_name_plural = _("roads")
        constraints = [
            models.UniqueConstraint(fields=["a", "b"], name="road_unique"),
            models.CheckConstraint(condition=Q(a__lt=F("b")), name="road_ordered"),
        ]

    def __str__(self) -> str:
        return f"{self.a_id}–{self.b_id}"


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
        City,
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
        "battles.Game",
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
