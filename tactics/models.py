"""A hero tactics game (戰棋, docs/tactics.md) played on the site between two accounts: the
challenge and its settings (§T15), the secret picks and deployments (T2.3–T2.5), the record as it
grows (T18.2), the seed kept secret until the end and its commitment shown from the start
(T18.1), a version for compare-and-set, the clocks (W7) and the result."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


def classic_9() -> str:
    """The default map's name (T3.12)."""
    return "classic-9"


class TacticsGame(models.Model):
    class Status(models.TextChoices):
        CHALLENGED = "challenged", _("challenged")
        PICKING = "picking", _("picking heroes")
        DEPLOYING = "deploying", _("deploying")
        PLAYING = "playing", _("playing")
        DECIDED = "decided", _("decided")
        DECLINED = "declined", _("declined")
        CANCELLED = "cancelled", _("cancelled")

    class Side(models.TextChoices):
        FIRST = "first", _("first (先手)")
        SECOND = "second", _("second (後手)")

    class Outcome(models.TextChoices):
        FIRST = "first", _("first (先手) won")
        SECOND = "second", _("second (後手) won")
        DRAW = "draw", _("drawn")

    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("challenger")
    )
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("opponent")
    )
    challenger_side = models.CharField(
        max_length=6, choices=Side.choices, default=Side.FIRST, verbose_name=_("challenger's side")
    )
    settings = models.JSONField(
        default=dict, help_text=_("The settings that differ from the defaults (T15)"), verbose_name=_("settings")
    )
    map = models.JSONField(default=classic_9, verbose_name=_("map"))
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.CHALLENGED, verbose_name=_("status")
    )
    seed = models.CharField(max_length=64, help_text=_("Secret until the game ends (T18.1)"), verbose_name=_("seed"))
    commitment = models.CharField(
        max_length=64, help_text=_("SHA-256 of the seed, shown from the start (T18.1)"), verbose_name=_("commitment")
    )
    picks = models.JSONField(
        default=dict, help_text=_("Each side's picks, secret until both are in (T2.3)"), verbose_name=_("picks")
    )
    deployments = models.JSONField(
        default=dict, help_text=_("Each side's cells, secret until both are in (T2.5)"), verbose_name=_("deployments")
    )
    record = models.JSONField(
        null=True, blank=True, help_text=_("sanguo-tactics/1, without the seed (T18.2)"), verbose_name=_("record")
    )
    pending = models.JSONField(
        null=True, blank=True, help_text=_("An attack awaiting 援護's answer (T14.4)"), verbose_name=_("pending attack")
    )
    version = models.PositiveIntegerField(default=0, verbose_name=_("version"))
    to_act = models.CharField(
        max_length=6, choices=Side.choices, blank=True, help_text=_("Whose clock runs"), verbose_name=_("side to act")
    )
    first_left_ms = models.BigIntegerField(default=0, verbose_name=_("first's time left (ms)"))
    second_left_ms = models.BigIntegerField(default=0, verbose_name=_("second's time left (ms)"))
    turn_since = models.DateTimeField(null=True, blank=True, verbose_name=_("clock running since"))
    flag_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("When the side to act runs out of time (W7)"),
        verbose_name=_("flag falls at"),
    )
    flag_sent_at = models.DateTimeField(null=True, blank=True, verbose_name=_("flag's timer sent at"))
    outcome = models.CharField(max_length=6, choices=Outcome.choices, blank=True, verbose_name=_("outcome"))
    reason = models.CharField(max_length=12, blank=True, verbose_name=_("how it ended"))
    # W1: the battle's game (a siege R6.1, a field battle §5, a pursuit R8.2) this game decides;
    # null for a game between two accounts. Its result is applied to the battle as it is decided.
    battle = models.OneToOneField(
        "play.Game",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="tactics_game",
        verbose_name=_("battle's game"),
    )
    created_at = models.DateTimeField(verbose_name=_("created at"))
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided at"))

    class Meta:
        verbose_name = _("hero tactics game")
        verbose_name_plural = _("hero tactics games")
        indexes = [models.Index(fields=["flag_at"], condition=Q(status="playing"), name="tactics_playing_flag")]
        constraints = [
            models.CheckConstraint(condition=~Q(challenger=models.F("opponent")), name="tactics_two_players"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.challenger_id}–{self.opponent_id} ({self.status})"

    def side_of(self, user_id: int | None) -> str | None:
        """The side the account plays, or None for anyone else."""
        other = "second" if self.challenger_side == "first" else "first"
        if user_id == self.challenger_id:
            return self.challenger_side
        if user_id == self.opponent_id:
            return other
        return None

    def player_of(self, side: str) -> int:
        return self.challenger_id if side == self.challenger_side else self.opponent_id
