"""The game room's seeks: an open offer of a friendly game (outside the war) that any other
signed-in account may take up. Taken up, a seek becomes a challenge from its owner to whoever
accepted it, accepted at once: a hero tactics game (tactics/services/challenges.py), or a
xiangqi, chess or dark chess game (friendly/services/challenges.py)."""

from django.conf import settings as conf
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Seek(models.Model):
    class Kind(models.TextChoices):
        TACTICS = "tactics", _("hero tactics (戰棋)")
        XIANGQI = "xiangqi", _("xiangqi (象棋)")
        CHESS = "chess", _("chess")
        BANQI = "banqi", _("dark chess (暗棋)")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        ACCEPTED = "accepted", _("accepted")
        WITHDRAWN = "withdrawn", _("withdrawn")

    owner = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("owner"))
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.TACTICS, verbose_name=_("kind"))
    side = models.CharField(
        max_length=6, default="first", help_text=_("The owner's side (T2.1)"), verbose_name=_("owner's side")
    )
    settings = models.JSONField(
        default=dict, help_text=_("The settings that differ from the defaults (T15)"), verbose_name=_("settings")
    )
    seats = models.PositiveSmallIntegerField(
        default=1, help_text=_("Players a side, one hero each (T2.6)"), verbose_name=_("players a side")
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, verbose_name=_("status"))
    created_at = models.DateTimeField(verbose_name=_("opened at"))
    answered_at = models.DateTimeField(null=True, blank=True, verbose_name=_("answered at"))
    accepted_by = models.ForeignKey(
        conf.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("accepted by"),
    )
    tactics_game = models.ForeignKey(
        "tactics.TacticsGame",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("hero tactics game"),
    )
    friendly_game = models.ForeignKey(
        "friendly.FriendlyGame",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("friendly game"),
    )

    class Meta:
        verbose_name = _("seek")
        verbose_name_plural = _("seeks")
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "kind"], condition=Q(status="open"), name="room_seek_one_open_per_kind"
            ),
        ]
        indexes = [models.Index(fields=["status", "-created_at"], name="room_seek_open_newest")]

    def __str__(self) -> str:
        return f"{self.owner} · {self.kind}"

    @property
    def game_id(self) -> int | None:
        """The game it made once accepted (hero tactics, or a friendly board game)."""
        return self.tactics_game_id or self.friendly_game_id
