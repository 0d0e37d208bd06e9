"""Officers, their whereabouts and presence, and promotions (R1.5, R1.6, R2.3, R2.6)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class OfficerKind(models.TextChoices):
    """R1.6: a general 武將 or one of three kinds of civil officer 文官."""

    GENERAL = "general", pgettext_lazy("officer kind", "general")
    ADMINISTRATOR = "administrator", _("administrator")
    HISTORIAN = "historian", _("historian")
    STRATEGIST = "strategist", _("strategist")


class Whereabouts(models.TextChoices):
    CITY = "city", _("in a city")
    ROAD = "road", _("on the road")
    ARMY = "army", _("with an army")
    PRISONER = "prisoner", _("held prisoner")


class Officer(models.Model):
    """A player's character in one campaign (R1.5), with exactly one whereabouts."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="officers", verbose_name=_("campaign")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="officers", verbose_name=_("user")
    )
    kingdom = models.ForeignKey(
        "campaign.Kingdom",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="officers",
        verbose_name=_("kingdom"),
    )
    name = models.CharField(_("name"), max_length=50)
    # The secret in the addresses of the officer's private feeds (the palace board's); a new one retires
    # every address made with the old.
    feed_token = models.CharField(
        max_length=64, null=True, blank=True, unique=True, editable=False, verbose_name=_("feed token")
    )
    # The reader's choice on the boards' lists: the war's news threads shown (beneath the players')
    # or hidden (forum.services.reads.board_news_set).
    board_news = models.BooleanField(default=True, verbose_name=_("shows the war's news on the boards"))
    stars = models.PositiveSmallIntegerField(_("stars"))
    kind = models.CharField(_("kind"), max_length=16, choices=OfficerKind.choices)
    title = models.CharField(pgettext_lazy("an officer's title", "title"), max_length=50, blank=True)
    whereabouts = models.CharField(_("whereabouts"), max_length=10, choices=Whereabouts.choices)
    city = models.ForeignKey(
        "cities.City",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="officers_present",
        verbose_name=_("city"),
    )
    army = models.ForeignKey(
        "battles.Army",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("army"),
    )
    captor = models.ForeignKey(
        "campaign.Kingdom",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="prisoners",
        verbose_name=_("held by"),
    )

    class Meta:
        verbose_name = _("officer")
        verbose_name_plural = _("officers")
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="officer_one_per_user"),
            models.UniqueConstraint(fields=["campaign", "name"], name="officer_name_unique"),
            models.CheckConstraint(condition=Q(stars__gte=1, stars__lte=25), name="officer_stars_1_25"),
            # R1.5: exactly one whereabouts.
            models.CheckConstraint(
                condition=(
                    Q(whereabouts="city", city__isnull=False, captor__isnull=True, army__isnull=True)
                    | Q(whereabouts="road", city__isnull=True, captor__isnull=True, army__isnull=True)
                    | Q(whereabouts="army", city__isnull=True, captor__isnull=True, army__isnull=False)
                    | Q(whereabouts="prisoner", captor__isnull=False, army__isnull=True)
                ),
                name="officer_one_whereabouts",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_civil(self) -> bool:
        return self.kind != OfficerKind.GENERAL


class Presence(models.Model):
    """When a user last made a request (R2.6)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="presence", verbose_name=_("user")
    )
    last_seen = models.DateTimeField(db_index=True, verbose_name=_("last seen"))

    class Meta:
        verbose_name = _("presence")
        verbose_name_plural = _("presences")

    def __str__(self) -> str:
        return str(self.user)


class Promotion(models.Model):
    """A change of stars or title (R2.3): recommended by a governor, decided by the king."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        APPROVED = "approved", _("approved")
        REJECTED = "rejected", _("rejected")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="+", verbose_name=_("campaign")
    )
    officer = models.ForeignKey(Officer, on_delete=models.CASCADE, related_name="promotions", verbose_name=_("officer"))
    stars = models.PositiveSmallIntegerField(_("stars"))
    title = models.CharField(pgettext_lazy("an officer's title", "title"), max_length=50, blank=True)
    previous_stars = models.PositiveSmallIntegerField(verbose_name=_("previous stars"))
    previous_title = models.CharField(pgettext_lazy("an officer's title", "previous title"), max_length=50, blank=True)
    recommended_by = models.ForeignKey(
        Officer, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("recommended by")
    )
    decided_by = models.ForeignKey(
        Officer, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("decided by")
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, verbose_name=_("status"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided at"))

    class Meta:
        verbose_name = _("promotion")
        verbose_name_plural = _("promotions")
        constraints = [
            models.CheckConstraint(condition=Q(stars__gte=1, stars__lte=25), name="promotion_stars_1_25"),
            models.UniqueConstraint(
                fields=["officer"], condition=Q(status="pending"), name="promotion_one_pending_per_officer"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.officer} {self.previous_stars}★ → {self.stars}★"
