"""A hero tactics game (戰棋, docs/tactics.md) played on the site between two accounts: the
challenge and its settings (§T15), the secret picks and deployments (T2.3–T2.5), the record as it
grows (T18.2), the seed kept secret until the end and its commitment shown from the start
(T18.1), a version for compare-and-set, the clocks (W7) and the result. In the team form (T2.6)
a side has several players: its captain (the challenger, the challenged) and the accounts seated
beside them (`TacticsSeat`); a game of one player a side has no seat rows and reads none."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tactics.rules import hero_place


def classic_9() -> str:
    """The default map's name (T3.12)."""
    return "classic-9"


class TacticsGame(models.Model):
    class Status(models.TextChoices):
        CHALLENGED = "challenged", _("challenged")
        SEATING = "seating", _("filling the seats")
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
    seats = models.PositiveSmallIntegerField(
        default=1, help_text=_("Players a side, one hero each (T2.6)"), verbose_name=_("players a side")
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
        """The side the account plays (as its captain or seated in it: T2.6), or None for anyone
        else. Only a team game's other players cost a query, once for the instance."""
        other = "second" if self.challenger_side == "first" else "first"
        if user_id == self.challenger_id:
            return self.challenger_side
        if user_id == self.opponent_id:
            return other
        if self.seats > 1 and user_id is not None:
            return next((seat.side for seat in self.team() if seat.user_id == user_id), None)
        return None

    def player_of(self, side: str) -> int:
        """The side's captain: the player who commands it alone, or who leads its team (T2.6)."""
        return self.challenger_id if side == self.challenger_side else self.opponent_id

    def commander(self, side: str, hero: str) -> tuple[int, str]:
        """The account (id, name) that commands the side's `hero` (T2.6): the player at the hero's
        place, or the side's captain (for "" too, for a game of one player a side, for the heroes
        beyond the seats and for a seat left empty)."""
        place = hero_place(self.picks, side, hero, self.seats) if self.seats > 1 and hero else 0
        seat = next((s for s in self.team() if s.side == side and s.place == place), None)
        if seat is not None:
            return seat.user_id, seat.user.username
        captain = self.challenger if self.player_of(side) == self.challenger_id else self.opponent
        return captain.pk, captain.username

    def team(self) -> list["TacticsSeat"]:
        """The players seated beside the captains (T2.6), by side and place, with their accounts:
        one query for the instance, none for a game of one player a side."""
        if self.seats <= 1 or self.pk is None:
            return []
        if not hasattr(self, "_team"):
            self._team = list(self.seat_rows.select_related("user").order_by("side", "place"))
        return self._team


class TacticsSeat(models.Model):
    """An account seated in one side of a team game (T2.6), beside the side's captain (place 0,
    the challenger or the challenged, who has no row). The side's hero at pick position `place`
    is theirs to command."""

    game = models.ForeignKey(
        TacticsGame, on_delete=models.CASCADE, related_name="seat_rows", verbose_name=_("hero tactics game")
    )
    side = models.CharField(max_length=6, choices=TacticsGame.Side.choices, verbose_name=_("side"))
    place = models.PositiveSmallIntegerField(
        help_text=_("From 1; the captain is place 0 (T2.6)"), verbose_name=_("place in the side")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    seated_at = models.DateTimeField(verbose_name=_("seated at"))

    class Meta:
        verbose_name = _("team seat")
        verbose_name_plural = _("team seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="tactics_seat_one_per_player"),
            models.UniqueConstraint(fields=["game", "side", "place"], name="tactics_seat_one_per_place"),
            models.CheckConstraint(condition=Q(place__gte=1), name="tactics_seat_beside_captain"),
        ]

    def __str__(self) -> str:
        return f"#{self.game_id} {self.side} {self.place}: {self.user_id}"
