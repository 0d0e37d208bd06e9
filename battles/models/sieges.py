"""Sieges and their defence rosters (RULES.md §6); their games are play's (play/models.py), the ransom in ransoms.py."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class DefenceRank(models.TextChoices):
    KING = "king", _("king")
    GOVERNOR = "governor", _("governor")
    PATROL = "patrol", _("patrol captain")
    CONSTABLE = "constable", _("constable")
    GATEKEEPER = "gatekeeper", _("gatekeeper")
    SOLDIER = "soldier", _("soldier")


class Siege(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("under siege")
        FALLEN = "fallen", _("the city fell")
        LIFTED = "lifted", _("lifted")

    TRANSITIONS = {Status.ACTIVE: {Status.FALLEN, Status.LIFTED}, Status.FALLEN: set(), Status.LIFTED: set()}

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="sieges", verbose_name=_("campaign")
    )
    city = models.ForeignKey("cities.City", on_delete=models.PROTECT, related_name="sieges", verbose_name=_("city"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.ACTIVE, verbose_name=_("status"))
    started_at = models.DateTimeField(verbose_name=_("started at"))
    ended_at = models.DateTimeField(null=True, blank=True, verbose_name=_("ended at"))
    taken_by = models.ForeignKey(
        "campaign.Kingdom",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("taken by"),
    )

    class Meta:
        verbose_name = _("siege")
        verbose_name_plural = _("sieges")
        constraints = [
            models.UniqueConstraint(fields=["city"], condition=Q(status="active"), name="siege_one_active_per_city")
        ]

    def __str__(self) -> str:
        return str(_("siege of %(city)s") % {"city": self.city})


class Defender(models.Model):
    """A place on the defence roster (R6.3)."""

    siege = models.ForeignKey(Siege, on_delete=models.CASCADE, related_name="roster", verbose_name=_("siege"))
    officer = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="+", verbose_name=_("officer")
    )
    rank = models.CharField(max_length=12, choices=DefenceRank.choices, verbose_name=_("rank"))
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))
    # On the roster and in the city from `since` until `until` (R7.2 counts as of an instant).
    since = models.DateTimeField(verbose_name=_("since"))
    until = models.DateTimeField(null=True, blank=True, verbose_name=_("until"))

    class Meta:
        verbose_name = _("defender")
        verbose_name_plural = _("defenders")
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["siege", "officer"], name="defender_once")]

    @property
    def on_roster(self) -> bool:
        return self.until is None

    def __str__(self) -> str:
        return f"{self.officer} ({self.get_rank_display()})"
