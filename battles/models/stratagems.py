"""Stratagems (計謀, RULES.md §9) and the dark-chess games that decide them (R11.7)."""

from datetime import datetime, timedelta

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class BanqiGame(models.Model):
    """A game of dark chess played on the site. The layout stays secret (only its hash is
    shown) until the game ends (R11.7)."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="+")
    first = models.ForeignKey("campaign.Officer", on_delete=models.PROTECT, related_name="+")
    second = models.ForeignKey("campaign.Officer", on_delete=models.PROTECT, related_name="+")
    layout = models.JSONField()
    salt = models.CharField(max_length=64)
    layout_hash = models.CharField(max_length=64)
    actions = models.JSONField(default=list)
    result = models.CharField(max_length=8, blank=True)  # "0" first won, "1" second won, "draw"
    termination = models.CharField(max_length=16, blank=True)
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    # Issue 10: the clocks (the campaign's dark-chess time control), each player's time left as
    # of `turn_since` for the player to move; empty for games begun before clocks.
    first_left_ms = models.BigIntegerField(null=True, blank=True)
    second_left_ms = models.BigIntegerField(null=True, blank=True)
    turn_since = models.DateTimeField(null=True, blank=True)

    def left_ms(self, player: int, now: datetime, to_move: int) -> int:
        """Milliseconds left for `player` (0 first, 1 second) at `now`: the clock of the player
        to move (`to_move`) runs since `turn_since`."""
        left = (self.first_left_ms if player == 0 else self.second_left_ms) or 0
        if self.turn_since is not None and not self.result and to_move == player:
            left -= int((now - self.turn_since) / timedelta(milliseconds=1))
        return max(0, left)

    def deadline(self, to_move: int) -> datetime:
        """When the player to move runs out of time (a game with clocks)."""
        assert self.turn_since is not None
        left = self.first_left_ms if to_move == 0 else self.second_left_ms
        return self.turn_since + timedelta(milliseconds=left or 0)


class Stratagem(models.Model):
    class Kind(models.TextChoices):
        SIEGE = "siege", _("siege ploy")
        SWIFT = "swift", _("swift-attack ploy")
        CONFUSION = "confusion", _("confusion ploy")

    class Status(models.TextChoices):
        CHALLENGED = "challenged", _("awaiting the general")
        PLAYING = "playing", _("being played")
        EFFECT = "effect", _("took effect")
        FAILED = "failed", _("failed")

    TRANSITIONS = {
        Status.CHALLENGED: {Status.PLAYING, Status.EFFECT},
        Status.PLAYING: {Status.EFFECT, Status.FAILED},
        Status.EFFECT: set(),
        Status.FAILED: set(),
    }

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="stratagems")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    schemer = models.ForeignKey("campaign.Officer", on_delete=models.PROTECT, related_name="schemes")
    target = models.ForeignKey("campaign.Officer", on_delete=models.PROTECT, related_name="schemed_against")
    beneficiary = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="R9.2 速攻計: the general who gets 2先",
    )
    substitute = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="R9.3: the civil officer named to play instead",
    )
    player = models.ForeignKey("campaign.Officer", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    city = models.ForeignKey(
        "cities.City",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="R9.2: where the general was when challenged (攻城計 strikes its wall even if they left)",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CHALLENGED)
    local_date = models.DateField(help_text="R9.4: one attempt per civil officer per local date")
    challenged_at = models.DateTimeField()
    deadline = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)
    banqi = models.OneToOneField(BanqiGame, null=True, blank=True, on_delete=models.SET_NULL, related_name="stratagem")
    effect_until = models.DateTimeField(null=True, blank=True, help_text="an unused effect lapses then (Decision)")
    effect_game = models.ForeignKey("battles.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["schemer", "local_date"], name="stratagem_one_a_day")]
        indexes = [
            models.Index(
                fields=["status", "effect_until"],
                name="stratagem_effects",
                condition=Q(status="effect", effect_game__isnull=True),
            )
        ]
