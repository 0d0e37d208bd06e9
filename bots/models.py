"""The computer's accounts: a User flagged as a bot by its Bot row, with the level it plays hero
tactics at (games/tactics/bots/levels.py) and Fairy-Stockfish's level in xiangqi and chess
(games/engine_player.py). A player practises against the level they want by challenging the
account that plays it."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.engine_player import ENGINE_LEVELS
from games.tactics.bots.levels import DEFAULT_LEVEL, LEVELS


class Bot(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bot", verbose_name=_("account")
    )
    tactics_level = models.CharField(
        max_length=16,
        choices=[(name, name) for name in LEVELS],
        default=DEFAULT_LEVEL,
        verbose_name=_("hero tactics level"),
    )
    engine_level = models.PositiveSmallIntegerField(
        choices=[(n, str(n)) for n in ENGINE_LEVELS], default=2, verbose_name=_("xiangqi and chess level")
    )

    class Meta:
        verbose_name = _("computer player")
        verbose_name_plural = _("computer players")

    def __str__(self) -> str:
        return f"{self.user_id} ({self.tactics_level}, {self.engine_level})"
