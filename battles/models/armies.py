"""Armies on the march and at a siege (RULES.md §4, §8)."""

from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from campaign.said import in_site_language_now, say


class AttackRank(models.TextChoices):
    MARSHAL = "marshal", _("marshal")
    GENERAL = "general", pgettext_lazy("army rank", "general")
    CAVALRY_CAPTAIN = "cavalry_captain", _("cavalry captain")
    CAVALRY = "cavalry", _("cavalry")
    INFANTRY = "infantry", _("infantry")


class Army(models.Model):
    class Status(models.TextChoices):
        MARCHING = "marching", _("marching")
        FIELD_BATTLE = "field_battle", _("in a field battle")
        BESIEGING = "besieging", _("besieging")
        RETREATING = "retreating", _("retreating")
        ENDED = "ended", _("ended")

    # The allowed changes of status, in one place (a service refuses any other).
    TRANSITIONS = {
        Status.MARCHING: {Status.FIELD_BATTLE, Status.BESIEGING, Status.ENDED},
        Status.FIELD_BATTLE: {Status.MARCHING, Status.BESIEGING, Status.ENDED},
        Status.BESIEGING: {Status.RETREATING, Status.ENDED},
        Status.RETREATING: {Status.ENDED},
        Status.ENDED: set(),
    }

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="armies", verbose_name=_("campaign")
    )
    kingdom = models.ForeignKey(
        "campaign.Kingdom", on_delete=models.PROTECT, related_name="armies", verbose_name=_("kingdom")
    )
    origin = models.ForeignKey("cities.City", on_delete=models.PROTECT, related_name="+", verbose_name=_("origin"))
    target = models.ForeignKey(
        "cities.City", on_delete=models.PROTECT, related_name="armies_against", verbose_name=_("target")
    )
    route = models.JSONField(verbose_name=_("route"))
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.MARCHING, verbose_name=_("status"))
    morale = models.IntegerField(_("morale"))
    morale_start = models.PositiveIntegerField(verbose_name=_("morale start"))
    ordered_by = models.ForeignKey(
        "campaign.Officer", on_delete=models.PROTECT, related_name="+", verbose_name=_("ordered by")
    )
    siege = models.ForeignKey(
        "battles.Siege",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="armies",
        verbose_name=_("siege"),
    )
    reinforces = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("R8.3: officers sent to join this army"),
        verbose_name=_("reinforces"),
    )
    split_from = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="columns",
        help_text=_("R5.2: the members not sent to a field battle, marching on"),
        verbose_name=_("split from"),
    )
    departs_at = models.DateTimeField(verbose_name=_("departs at"))
    arrives_at = models.DateTimeField(verbose_name=_("arrives at"))
    ended_at = models.DateTimeField(null=True, blank=True, verbose_name=_("ended at"))
    besieging_from = models.DateTimeField(null=True, blank=True, verbose_name=_("besieging from"))
    besieging_until = models.DateTimeField(null=True, blank=True, verbose_name=_("besieging until"))
    end_reason = models.CharField(max_length=200, blank=True, verbose_name=_("end reason"))
    # The end reason as an event (campaign/said.py): `end_reason` holds it in the site's language,
    # and an army loaded for a reader of another language holds it in theirs.
    end_said = models.JSONField(null=True, blank=True, editable=False, verbose_name=_("end reason as an event"))

    class Meta:
        verbose_name = _("army")
        verbose_name_plural = _("armies")
        constraints = [models.CheckConstraint(condition=Q(morale__gte=0), name="army_morale_not_negative")]

    def __str__(self) -> str:
        return f"{self.kingdom} → {self.target}"

    @classmethod
    def from_db(cls, db: Any, field_names: Any, values: Any) -> "Army":
        army = super().from_db(db, field_names, values)
        event = army.__dict__.get("end_said")
        if event is not None and "end_reason" in army.__dict__ and not in_site_language_now():
            army.end_reason = say(event)
        return army


class ArmyMember(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("in the army")
        PRISONER = "prisoner", _("taken prisoner")
        WITHDRAWN = "withdrawn", _("withdrawn")

    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="members", verbose_name=_("army"))
    officer = models.ForeignKey(
        "campaign.Officer", on_delete=models.PROTECT, related_name="army_memberships", verbose_name=_("officer")
    )
    rank = models.CharField(max_length=16, choices=AttackRank.choices, verbose_name=_("rank"))
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE, verbose_name=_("status"))
    rearguard = models.BooleanField(
        default=False, help_text=_("R8.1: named to face the pursuers"), verbose_name=_("rearguard")
    )
    # Presence at the siege, for counting heads as of a period's end (R7.2).
    since = models.DateTimeField(null=True, blank=True, verbose_name=_("since"))
    until = models.DateTimeField(null=True, blank=True, verbose_name=_("until"))

    class Meta:
        verbose_name = _("army member")
        verbose_name_plural = _("army members")
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["army", "officer"], name="army_member_once"),
            models.UniqueConstraint(fields=["army"], condition=Q(rank="marshal"), name="army_one_marshal"),
        ]

    def __str__(self) -> str:
        return f"{self.officer} ({self.get_rank_display()})"


class FieldBattle(models.Model):
    """A sortie against an approaching army (R4.6), played as a team match (§5)."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("being played")
        DECIDED = "decided", _("decided")

    TRANSITIONS = {Status.PLAYING: {Status.DECIDED}, Status.DECIDED: set()}

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="+", verbose_name=_("campaign")
    )
    army = models.OneToOneField(Army, on_delete=models.CASCADE, related_name="field_battle", verbose_name=_("army"))
    city = models.ForeignKey(
        "cities.City", on_delete=models.PROTECT, related_name="field_battles", verbose_name=_("city")
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING, verbose_name=_("status"))
    winner = models.CharField(max_length=10, blank=True, verbose_name=_("winner"))  # attacker / defender / draw (R5.1)
    started_at = models.DateTimeField(verbose_name=_("started at"))
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided at"))
    sortie_by = models.ForeignKey(
        "campaign.Officer", on_delete=models.PROTECT, related_name="+", verbose_name=_("sortie by")
    )

    def __str__(self) -> str:
        return f"{self.army} ⚔ {self.city}"

    class Meta:
        verbose_name = _("field battle")
        verbose_name_plural = _("field battles")


class Pursuit(models.Model):
    """R8.2: after a retreat the defence has 10 minutes to name pursuers and opponents."""

    class Status(models.TextChoices):
        OPEN = "open", _("the defence may pursue")
        PLAYING = "playing", _("being played")
        DONE = "done", _("over")

    TRANSITIONS = {Status.OPEN: {Status.PLAYING, Status.DONE}, Status.PLAYING: {Status.DONE}, Status.DONE: set()}

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="+", verbose_name=_("campaign")
    )
    army = models.OneToOneField(Army, on_delete=models.CASCADE, related_name="pursuit", verbose_name=_("army"))
    city = models.ForeignKey("cities.City", on_delete=models.PROTECT, related_name="+", verbose_name=_("city"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN, verbose_name=_("status"))
    opened_at = models.DateTimeField(verbose_name=_("opened at"))
    deadline = models.DateTimeField(verbose_name=_("deadline"))
    declared_at = models.DateTimeField(null=True, blank=True, verbose_name=_("declared at"))
    has_rearguard = models.BooleanField(default=False, verbose_name=_("has rearguard"))

    def __str__(self) -> str:
        return f"{self.army} ⚔ {self.city}"

    class Meta:
        verbose_name = _("pursuit")
        verbose_name_plural = _("pursuits")
