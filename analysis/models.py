"""The engine's analysis of a decided game (Fairy-Stockfish, after the game only): one row a
game, claimed by the worker that runs it (a lease), so that each game is analysed once."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from play.models import Game


class GameAnalysis(models.Model):
    """Written in the transaction that decided the game (waiting), claimed by the analysis
    worker (running, with `claimed_at` as its lease), then done; `unavailable` when the worker
    found no engine, `failed` when the engine broke off (the page says so; nothing else waits
    on it). `evals`: [cp, mate, best] for the start and after each analysed ply, from red's /
    white's view, the best move in the game's canonical form; `marks`: the mistakes and
    blunders ({ply, judgement, loss, best})."""

    class State(models.TextChoices):
        WAITING = "waiting", _("waiting for the engine")
        RUNNING = "running", _("being analysed")
        DONE = "done", _("analysed")
        UNAVAILABLE = "unavailable", _("no engine on this site")
        FAILED = "failed", _("the engine failed")

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis", verbose_name=_("game"))
    state = models.CharField(max_length=12, choices=State.choices, default=State.WAITING, verbose_name=_("state"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    claimed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("claimed at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))
    attempts = models.PositiveSmallIntegerField(default=0, verbose_name=_("attempts"))
    engine = models.CharField(max_length=80, blank=True, verbose_name=_("engine"))
    movetime_ms = models.PositiveIntegerField(default=0, verbose_name=_("time a ply (ms)"))
    plies = models.PositiveSmallIntegerField(default=0, verbose_name=_("plies analysed"))
    evals = models.JSONField(default=list, blank=True, verbose_name=_("evaluations"))
    marks = models.JSONField(default=list, blank=True, verbose_name=_("mistakes and blunders"))

    class Meta:
        verbose_name = _("game analysis")
        verbose_name_plural = _("game analyses")
        db_table = "battles_gameanalysis"  # the table it had in battles
        indexes = [models.Index(fields=["state"], name="game_analysis_state")]

    def __str__(self) -> str:
        return f"{self.game_id}: {self.state}"
