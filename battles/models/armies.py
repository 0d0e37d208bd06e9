"""Armies on the march and at a siege (RULES.md §4, §8)."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


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

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="armies")
    kingdom = models.ForeignKey("campaign.Kingdom", on_delete=models.PROTECT, related_name="armies")
    origin = models.ForeignKey("cities.City", on_delete=models.PROTECT, related_name="+")
    target = models.ForeignKey("cities.City", on_delete=models.PROTECT, related_name="armies_against")
    route = models.JSONField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.MARCHING)
    morale = models.IntegerField(_("morale"))
    morale_start = models.PositiveIntegerField()
    ordered_by = models.ForeignKey("campaign.Officer", on_delete=models.PROTECT, related_name="+")
    siege = models.ForeignKey("battles.Siege", null=True, blank=True, on_delete=models.SET_NULL, related_name="armies")
    reinforces = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="R8.3: officers sent to join this army",
    )
    split_from = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="columns",
        help_text="R5.2: the members not sent to a field battle, marching on",
    )
    departs_at = models.DateTimeField()
    arrives_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    besieging_from = models.DateTimeField(null=True, blank=True)
    besieging_until = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = _("army")
        verbose_name_plural = _("armies")
        constraints = [models.CheckConstraint(condition=Q(morale__gte=0), name="army_morale_not_negative")]

    def __str__(self) -> str:
        return f"{self.kingdom} → {self.target}"


class ArmyMember(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("in the army")
        PRISONER = "prisoner", _("taken prisoner")
        WITHDRAWN = "withdrawn", _("withdrawn")

    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="members")
    officer = models.ForeignKey("campaign.Officer", on_delete=models.PROTECT, related_name="army_memberships")
    rank = models.CharField(max_length=16, choices=AttackRank.choices)
    position = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    rearguard = models.BooleanField(default=False, help_text="R8.1: named to face the pursuers")
    # Presence at the siege, for counting heads as of a period's end (R7.2).
    since = models.DateTimeField(null=True, blank=True)
    until = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["army", "officer"], name="army_member_once"),
            models.UniqueConstraint(fields=["army"], condition=Q(rank="marshal"), name="army_one_marshal"),
        ]


class FieldBattle(models.Model):
    """A sortie against an approaching army (R4.6), played as a team match (§5)."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("being played")
        DECIDED = "decided", _("decided")

    TRANSITIONS = {Status.PLAYING: {Status.DECIDED}, Status.DECIDED: set()}

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="+")
    army = models.OneToOneField(Army, on_delete=models.CASCADE, related_name="field_battle")
    city = models.ForeignKey("cities.City", on_delete=models.PROTECT, related_name="field_battles")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    winner = models.CharField(max_length=10, blank=True)  # attacker / defender / draw (R5.1)
    started_at = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)
    sortie_by = models.ForeignKey("campaign.Officer", on_delete=models.PROTECT, related_name="+")


class Pursuit(models.Model):
    """R8.2: after a retreat the defence has 10 minutes to name pursuers and opponents."""

    class Status(models.TextChoices):
        OPEN = "open", _("the defence may pursue")
        PLAYING = "playing", _("being played")
        DONE = "done", _("over")

    TRANSITIONS = {Status.OPEN: {Status.PLAYING, Status.DONE}, Status.PLAYING: {Status.DONE}, Status.DONE: set()}

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="+")
    army = models.OneToOneField(Army, on_delete=models.CASCADE, related_name="pursuit")
    city = models.ForeignKey("cities.City", on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField()
    deadline = models.DateTimeField()
    declared_at = models.DateTimeField(null=True, blank=True)
    has_rearguard = models.BooleanField(default=False)
