"""The analysis after a game with real parts: a game decided on the site is analysed by the real
engine in a real Celery worker consuming the "analysis" queue alone (as `make run` runs it), sent
after the decision's commit; the page then shows the chart, the blunder and the best move. The
task sent again is skipped (each game analysed once); the war's own queue never carries it."""

import os
import sys
import time
from pathlib import Path

import pytest
import redis
from celery import current_app
from django.conf import settings
from django.urls import reverse

from analysis.models import GameAnalysis
from analysis.services import ANALYSE_TASK
from tests.analysis.test_analysis import SCHOLARS_MATE, XIANGQI_BLUNDER, decided_by_resignation
from tests.play.test_records import pending_game
from tests.workers import Worker, database_url, wait_for
from tests.worlds import make_world

pytestmark = pytest.mark.integration


@pytest.fixture
def analysis_worker(transactional_db, redis_server, tmp_path):
    """The analysis queue's own worker, one engine at a time, 40 ms a position."""
    redis.Redis.from_url(settings.REDIS_URL).flushdb()
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings_test",
        DATABASE_URL=database_url(),
        REDIS_URL=settings.REDIS_URL,
        ANALYSIS_MOVE_MS="40",
    )
    command = [
        str(Path(sys.executable).parent / "celery"),
        *("-A", "config", "worker", "--pool=solo", "--loglevel=INFO", "--without-mingle", "--without-gossip"),
        *("--queues=analysis", "--hostname", "analysis-test@%h"),
    ]
    worker = Worker(command, env, tmp_path / "analysis.log", supervised=False)
    deadline = time.monotonic() + 60
    while "ready." not in worker.output():
        if worker.process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the analysis worker did not start:\n" + worker.output())
        time.sleep(0.2)
    yield worker
    worker.stop()


def done(game, worker):
    return wait_for(lambda: GameAnalysis.objects.filter(game=game, state="done").first(), 60, "the analysis", worker)


def test_a_game_decided_on_the_site_is_analysed_by_the_worker_and_shown_on_its_page(analysis_worker, clock, client):
    world = make_world()
    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    analysis = done(game, analysis_worker)
    assert analysis.attempts == 1 and any(m["ply"] == 3 and m["judgement"] == "blunder" for m in analysis.marks)
    shown = client.get(reverse("game", args=[world.campaign.slug, game.pk])).content.decode()
    assert 'class="eval-chart"' in shown and "炮五進四??" in shown and "data-best" in shown


def test_a_chess_game_is_analysed_once_though_its_task_is_sent_twice(analysis_worker, clock, client):
    world = make_world(battle_game="chess")
    from tests.play.test_records import report_confirmed

    game = report_confirmed(world, pending_game(world, clock), SCHOLARS_MATE)
    first = done(game, analysis_worker)
    current_app.send_task(ANALYSE_TASK, args=[game.pk], queue="analysis")
    current_app.send_task(ANALYSE_TASK, args=[game.pk], queue="analysis")
    wait_for(lambda: analysis_worker.output().count("succeeded") >= 3, 30, "the tasks sent again", analysis_worker)
    again = GameAnalysis.objects.get(game=game)
    assert (again.attempts, again.evals, again.finished_at) == (1, first.evals, first.finished_at)
    assert "'skipped'" in analysis_worker.output()
    shown = client.get(reverse("game", args=[world.campaign.slug, game.pk])).content.decode()
    assert "Nf6??" in shown


def test_make_run_runs_the_analysis_worker_apart_from_the_war_s_worker(tmp_path):
    """A long analysis never sits in the queue of the war's timers: its task is routed to the
    "analysis" queue, which `make run` gives a worker of its own and the war's worker does not read."""
    from ops.management.commands.runall import site_commands

    commands = site_commands(bind="127.0.0.1:8104", web_workers=1, concurrency=1, var=tmp_path)
    assert settings.CELERY_TASK_ROUTES[ANALYSE_TASK] == {"queue": "analysis"}
    assert "--queues=analysis" in commands["analysis"] and "--pool=solo" in commands["analysis"]
    assert not any("analysis" in part for part in commands["worker"] if part.startswith("--queues"))
