"""A friendly board game between two accounts, outside the war (the game room): xiangqi, chess
or dark chess, no campaign and no effect on any war. It begins as a challenge (from a named
account, or a seek taken up), is played with its own clocks (base + increment, chosen when
offered) and is judged as the war's live games are (R11.3, R11.7)."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class FriendlyGame(models.Model):
    class Kind(models.TextChoices):
        XIANGQI = "xiangqi", _("xiangqi (象棋)")
        CHESS = "chess", _("chess")
        BANQI = "banqi", _("dark chess (暗棋)")

    class Status(models.TextChoices):
        CHALLENGED = "challenged", _("challenged")
        PLAYING = "playing", _("playing")
        DECIDED = "decided", _("decided")
        DECLINED = "declined", _("declined")
        CANCELLED = "cancelled", _("cancelled")

    class Result(models.TextChoices):
        FIRST = "first", _("first player won")
        SECOND = "second", _("second player won")
        DRAW = "draw", _("draw")

    kind = models.CharField(max_length=8, choices=Kind.choices, verbose_name=_("kind"))
    # The first player: red (xiangqi), white (chess), the first to act (dark chess).
    first = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("first player")
    )
    second = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("second player")
    )
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("challenger")
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.CHALLENGED, verbose_name=_("status")
    )
    # Canonical moves (ICCS, UCI) as games/live.py keeps them; dark chess's actions (b3, b3-b4, b3xb1).
    moves = models.JSONField(default=list, blank=True, verbose_name=_("moves"))
    # Dark chess (R11.7): the deal, secret until the end; its hash shown from the start.
    layout = models.JSONField(default=list, blank=True, verbose_name=_("layout"))
    salt = models.CharField(max_length=64, blank=True, verbose_name=_("salt"))
    layout_hash = models.CharField(max_length=64, blank=True, verbose_name=_("layout hash"))
    base_s = models.PositiveIntegerField(default=600, verbose_name=_("time per player (s)"))
    increment_s = models.PositiveIntegerField(default=5, verbose_name=_("time added per move (s)"))
    first_left_ms = models.BigIntegerField(default=0, verbose_name=_("first player's time left (ms)"))
    second_left_ms = models.BigIntegerField(default=0, verbose_name=_("second player's time left (ms)"))
    turn_since = models.DateTimeField(null=True, blank=True, verbose_name=_("clock running since"))
    flag_at = models.DateTimeField(null=True, blank=True, verbose_name=_("flag falls at"))
    flag_sent_at = models.DateTimeField(null=True, blank=True, verbose_name=_("flag's timer sent at"))
    draw_offered_by = models.CharField(max_length=6, blank=True, verbose_name=_("draw offered by"))
    result = models.CharField(max_length=6, choices=Result.choices, blank=True, verbose_name=_("result"))
    termination = models.CharField(max_length=24, blank=True, verbose_name=_("termination"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started at"))
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided at"))

    TERMINATIONS = {
        "checkmate": _("checkmate"),
        "stalemate": _("stalemate (the side that cannot move loses)"),
        "repetition": _("repetition: a draw"),
        "perpetual": _("perpetual check or chase: the offender loses"),
        "insufficient_material": _("insufficient material"),
        "move_rule": _("the move rule"),
        "no_pieces": _("no piece left to act"),
        "resignation": _("resignation"),
        "agreement": _("draw agreed"),
        "time": _("lost on time"),
        "repetition_claimed": _("repetition claimed: a draw"),
        "perpetual_claimed": _("perpetual check or chase claimed: the offender loses"),
        "fifty_moves_claimed": _("fifty-move rule claimed: a draw"),
    }

    class Meta:
        verbose_name = _("friendly game")
        verbose_name_plural = _("friendly games")
        indexes = [
            models.Index(fields=["flag_at"], condition=Q(status="playing"), name="friendly_playing_flag"),
            models.Index(fields=["status", "-created_at"], name="friendly_status_newest"),
        ]
        constraints = [
            models.CheckConstraint(condition=~Q(first=models.F("second")), name="friendly_two_players"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.kind} {self.first_id}–{self.second_id} ({self.status})"

    def side_of(self, user_id: int | None) -> str | None:
        """first or second: the side the account plays, or None for anyone else."""
        if user_id is not None and user_id == self.first_id:
            return "first"
        if user_id is not None and user_id == self.second_id:
            return "second"
        return None

    def opponent_of(self, user_id: int | None) -> int:
        return self.second_id if user_id == self.first_id else self.first_id

    @property
    def base_minutes(self) -> int:
        return self.base_s // 60

    @property
    def ending(self) -> str:
        ending = self.TERMINATIONS.get(self.termination)
        return str(ending) if ending else ""

    def left_ms(self, side: str, now: datetime, to_move: str | None) -> int:
        """Milliseconds left for `side` at `now`: the clock of the side to move runs since `turn_since`."""
        left = self.first_left_ms if side == "first" else self.second_left_ms
        if self.status == self.Status.PLAYING and self.turn_since is not None and side == to_move:
            left -= int((now - self.turn_since) / timedelta(milliseconds=1))
        return max(0, left)
