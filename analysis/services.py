"""The engine's analysis after a game (Fairy-Stockfish), never during one (fair play).

`analysis_queue` runs inside the transaction that decides a game (`game_decide`): it writes the
game's one GameAnalysis row (waiting) and, after commit, sends the task on the "analysis" queue,
which a worker of its own consumes (a long analysis never delays the war's timers).
`analysis_run` claims the row by compare-and-set (waiting, or running with its lease over), runs
the engine outside any transaction, a fixed time a ply (ANALYSIS_MOVE_MS) for at most
ANALYSIS_MAX_PLIES plies, and stores the result only if its claim still holds: a task run twice,
or by two workers, analyses the game once. `analysis_sweep` (beat, on the sweeper's queue) sends
again what Redis lost or a killed worker left. Where the site has no engine, no row is written
and the page says analysis is not available here; a worker without one marks the row so.
"""

import logging
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import F, Q

from analysis.models import GameAnalysis
from campaign import clock
from campaign.timers import send_soon
from games import analysis as rules
from games.uci import Engine, EngineError, engine_path
from play.models import Game

log = logging.getLogger(__name__)
ANALYSE_TASK = "battles.tasks.analyse_game"
KINDS = ("xiangqi", "chess")  # what Fairy-Stockfish plays (dark chess it does not)
ATTEMPTS = 3  # an analysis the engine broke off this often is marked failed, not tried again
FIRST = {"xiangqi": "red", "chess": "white"}


def analysis_available() -> bool:
    """Whether this site has an engine to analyse with (ANALYSIS_ENGINE, else PATH and /usr/games)."""
    return engine_path(settings.ANALYSIS_ENGINE) is not None


def analysis_queue(*, game: Game) -> None:
    """In the transaction that decides `game`: its analysis waits for the engine, sent on commit."""
    if game.game_kind not in KINDS or not game.moves or not analysis_available():
        return
    GameAnalysis.objects.bulk_create([GameAnalysis(game=game, created_at=clock.now())], ignore_conflicts=True)
    pk = game.pk
    transaction.on_commit(lambda: send_soon(lambda: _send(pk)))


def _send(game_id: int) -> None:
    try:
        current_app.send_task(ANALYSE_TASK, args=[game_id], ignore_result=True, retry=False)
    except Exception:  # Redis down: the sweep sends it again when it is back
        log.warning("could not queue the analysis of game %s", game_id, exc_info=True)


def _lease() -> timedelta:
    """Longer than any analysis: every ply's time, half again, and a minute to start the engine."""
    return timedelta(seconds=settings.ANALYSIS_MAX_PLIES * settings.ANALYSIS_MOVE_MS / 1000 * 1.5 + 60)


def _claimable(now):
    return Q(state=GameAnalysis.State.WAITING) | Q(state=GameAnalysis.State.RUNNING, claimed_at__lt=now - _lease())


def analysis_run(*, game_id: int) -> str:
    """Analyse the game once: the row's state after this call ("skipped" when another run has it
    or had it)."""
    now = clock.now()
    rows = GameAnalysis.objects.filter(_claimable(now), game_id=game_id, attempts__lt=ATTEMPTS)
    if not rows.update(state=GameAnalysis.State.RUNNING, claimed_at=now, attempts=F("attempts") + 1):
        return "skipped"
    mine = GameAnalysis.objects.filter(game_id=game_id, state=GameAnalysis.State.RUNNING, claimed_at=now)
    game = Game.objects.only("game_kind", "moves", "favoured", "extra_moves", "attacker_moves_first").get(pk=game_id)
    path = engine_path(settings.ANALYSIS_ENGINE)
    if path is None:
        mine.update(state=GameAnalysis.State.UNAVAILABLE, finished_at=clock.now())
        return GameAnalysis.State.UNAVAILABLE
    try:
        fields = _analyse(game, path)
    except EngineError:
        log.warning("the analysis of game %s broke off", game_id, exc_info=True)
        state = GameAnalysis.State.FAILED if mine.get().attempts >= ATTEMPTS else GameAnalysis.State.WAITING
        mine.update(state=state, claimed_at=None)
        return state
    stored = mine.update(state=GameAnalysis.State.DONE, finished_at=clock.now(), **fields)
    return GameAnalysis.State.DONE if stored else "skipped"


def _terms(game: Game) -> dict:
    """R11.4 as the game was judged: the favoured colour and its moves in a row."""
    favoured = None
    if game.favoured in ("attacker", "defender"):
        first = (game.favoured == "attacker") == game.attacker_moves_first
        favoured = FIRST[game.game_kind] if first else "black"
    return {"favoured": favoured, "extra_moves": game.extra_moves}


def _analyse(game: Game, path: str) -> dict:
    kind, moves = game.game_kind, game.moves[: settings.ANALYSIS_MAX_PLIES]
    fens = rules.positions(kind, moves, **_terms(game))
    evals, bests = [], []
    with Engine(path, kind) as engine:
        for fen in fens:
            score = engine.analyse(fen, settings.ANALYSIS_MOVE_MS)
            evals.append(rules.from_first(fen, score.cp, score.mate))
            bests.append(rules.canonical(kind, score.best))
    found = rules.marks(evals, fens, bests, moves)
    return {
        "engine": path.rsplit("/", 1)[-1][:80],
        "movetime_ms": settings.ANALYSIS_MOVE_MS,
        "plies": len(moves),
        "evals": [[cp, mate, best] for (cp, mate), best in zip(evals, bests, strict=True)],
        # with the position before the move, so that the page writes the moves without a replay
        "marks": [
            {"ply": m.ply, "judgement": m.judgement, "loss": m.loss, "best": m.best}
            | {"played": moves[m.ply - 1], "fen": fens[m.ply - 1]}
            for m in found
        ],
    }


def analysis_sweep() -> int:
    """Send again the analyses whose message was lost or whose worker died: waiting, or running,
    longer than the lease (a message merely queued behind others is then sent twice, and its
    second run is skipped); how many were sent."""
    now = clock.now()
    lost = Q(state=GameAnalysis.State.WAITING, created_at__lt=now - _lease()) | Q(
        state=GameAnalysis.State.RUNNING, claimed_at__lt=now - _lease()
    )
    ids = list(GameAnalysis.objects.filter(lost, attempts__lt=ATTEMPTS).values_list("game_id", flat=True)[:100])
    for game_id in ids:
        _send(game_id)
    return len(ids)
