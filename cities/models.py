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
