"""Stratagems (計謀, RULES.md §9) and the dark-chess games that decide them (R11.7)."""

from datetime import datetime, timedelta

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class BanqiGame(models.Model):
    """A game of dark chess played on the site. The layout stays secret (only its hash is
    shown) until the game ends (R11.7)."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="+", verbose_name=_("campaign")
    )
    first = models.ForeignKey(
        "campaign.Officer", on_delete=models.PROTECT, related_name="+", verbose_name=_("first player")
    )
    second = models.ForeignKey(
        "campaign.Officer", on_delete=models.PROTECT, related_name="+", verbose_name=_("second player")
    )
    layout = models.JSONField(verbose_name=_("layout"))
    salt = models.CharField(max_length=64, verbose_name=_("salt"))
    layout_hash = models.CharField(max_length=64, verbose_name=_("layout hash"))
    actions = models.JSONField(default=list, verbose_name=_("actions"))
    # "0" first won, "1" second won, "draw"
    result = models.CharField(max_length=8, blank=True, verbose_name=_("result"))
    termination = models.CharField(max_length=16, blank=True, verbose_name=_("termination"))
    started_at = models.DateTimeField(verbose_name=_("started at"))
    ended_at = models.DateTimeField(null=True, blank=True, verbose_name=_("ended at"))
    # The clocks (the campaign's dark-chess time control), each player's time left as
    # of `turn_since` for the player to move; empty for games begun before clocks.
    first_left_ms = models.BigIntegerField(null=True, blank=True, verbose_name=_("first time left (ms)"))
    second_left_ms = models.BigIntegerField(null=True, blank=True, verbose_name=_("second time left (ms)"))
    turn_since = models.DateTimeField(null=True, blank=True, verbose_name=_("turn since"))

    class Meta:
        verbose_name = _("dark-chess game")
        verbose_name_plural = _("dark-chess games")

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

    def __str__(self) -> str:
        return f"{self.first} – {self.second}"


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

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="stratagems", verbose_name=_("campaign")
    )
    kind = models.CharField(max_length=10, choices=Kind.choices, verbose_name=_("kind"))
    schemer = models.ForeignKey(
        "campaign.Officer", on_delete=models.PROTECT, related_name="schemes", verbose_name=_("schemer")
    )
    target = models.ForeignKey(
        "campaign.Officer", on_delete=models.PROTECT, related_name="schemed_against", verbose_name=_("target")
    )
    beneficiary = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text=_("R9.2 速攻計: the general who gets 2先"),
        verbose_name=_("beneficiary"),
    )
    substitute = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text=_("R9.3: the civil officer named to play instead"),
        verbose_name=_("substitute"),
    )
    player = models.ForeignKey(
        "campaign.Officer", null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("player")
    )
    city = models.ForeignKey(
        "cities.City",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("R9.2: where the general was when challenged (攻城計 strikes its wall even if they left)"),
        verbose_name=_("city"),
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.CHALLENGED, verbose_name=_("status")
    )
    local_date = models.DateField(
        help_text=_("R9.4: one attempt per civil officer per local date"), verbose_name=_("local date")
    )
    challenged_at = models.DateTimeField(verbose_name=_("challenged at"))
    deadline = models.DateTimeField(verbose_name=_("deadline"))
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided at"))
    banqi = models.OneToOneField(
        BanqiGame,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="stratagem",
        verbose_name=_("dark-chess game"),
    )
    effect_until = models.DateTimeField(
        null=True, blank=True, help_text=_("an unused effect lapses then (Decision)"), verbose_name=_("effect until")
    )
    effect_game = models.ForeignKey(
        "play.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("effect game"),
    )

    class Meta:
        verbose_name = _("stratagem")
        verbose_name_plural = _("stratagems")
        constraints = [models.UniqueConstraint(fields=["schemer", "local_date"], name="stratagem_one_a_day")]
        indexes = [
            models.Index(
                fields=["status", "effect_until"],
                name="stratagem_effects",
                condition=Q(status="effect", effect_game__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.schemer} → {self.target}"
