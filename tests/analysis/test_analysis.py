"""The analysis after a game with the real engine (Fairy-Stockfish): the evaluation after every
ply, the blunder of a game with a deliberate blunder and the engine's move instead, shown on the
replay page and read through the API; nothing of it for a game not decided (fair play); a site
without the engine says so and nothing fails; a game is analysed once however often it is asked.
The worker's side (the task on its queue, after commit) is tests/integration/test_analysis.py."""

import pytest
from django.urls import reverse

from analysis.models import GameAnalysis
from analysis.services import analysis_run
from play.models import Game
from play.services.records import game_claim_answer, game_report
from tests.play.test_records import pending_game, report_confirmed
from tests.worlds import make_world

# 炮五進四?? gives red's central cannon for a pawn (馬７進５ takes it): red's blunder at ply 3.
XIANGQI_BLUNDER = "炮二平五 馬８進７ 炮五進四 馬７進５"
# 3...Nf6?? allows the scholar's mate (4. Qxf7#): black's blunder at ply 6.
SCHOLARS_MATE = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"


@pytest.fixture
def quick_engine(settings):
    """The real engine, briefly: 40 ms a position keeps a test short and still sees a piece lost."""
    settings.ANALYSIS_MOVE_MS = 40
    settings.ANALYSIS_ENGINE = ""
    return settings


def decided_by_resignation(world, clock, text: str) -> Game:
    """The attacker (red) reports the record and that the defender won; the defender confirms."""
    game = pending_game(world, clock)
    game = game_report(actor=world["許褚"], game=game, text=text, claimed="defender")
    game_claim_answer(actor=world["魏延"], game=game, confirm=True, claim=game.claim_token())
    return Game.objects.get(pk=game.pk)


def page(client, world, game, **query):
    url = reverse("game", args=[world.campaign.slug, game.pk])
    return client.get(url, query).content.decode()


def test_a_decided_xiangqi_game_is_analysed_its_blunder_marked_with_the_best_move_in_both_notations(
    world, clock, client, quick_engine
):
    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    assert GameAnalysis.objects.get(game=game).state == "waiting", "written with the decision"
    assert analysis_run(game_id=game.pk) == "done"
    analysis = GameAnalysis.objects.get(game=game)
    assert len(analysis.evals) == 5 and analysis.plies == 4, "the start and after every ply"
    cp, mate, _best = analysis.evals[3]
    assert mate is None and cp < -250, "red (the first player) is a piece down after 馬７進５"
    blunder = next(m for m in analysis.marks if m["ply"] == 3)
    assert blunder["judgement"] == "blunder" and blunder["loss"] >= 0.15 and blunder["best"] != "e2e6"
    shown = page(client, world, game)
    assert 'class="eval-chart"' in shown and "<polyline" in shown and 'data-mark="blunder"' in shown
    assert "炮五進四??" in shown, "the blunder in the move list"
    mark = shown[shown.index('data-ply="3"') :].split("</li>")[0]
    best = mark.split("data-best")[1]
    assert any("\u4e00" <= ch <= "\u9fff" for ch in best) and "·" in best, "the best move in Chinese and WXF"
    wxf = page(client, world, game, notation="wxf")
    assert "C5+4??" in wxf


def test_a_decided_chess_game_marks_the_move_that_allowed_mate_and_names_the_best_in_san(
    clock, db, client, quick_engine
):
    world = make_world(battle_game="chess")
    game = report_confirmed(world, pending_game(world, clock), SCHOLARS_MATE)
    assert game.status == Game.Status.DECIDED, "the reported mate, confirmed (R11.3)"
    assert analysis_run(game_id=game.pk) == "done"
    analysis = GameAnalysis.objects.get(game=game)
    assert analysis.evals[-1][:2] == [None, 1], "black mated: a mate from white's view"
    marks = {m["ply"]: m for m in analysis.marks}
    assert marks[6]["judgement"] == "blunder" and marks[6]["best"] != "g8f6"
    shown = page(client, world, game)
    assert "Nf6??" in shown and "eval-chart" in shown


def test_an_undecided_game_shows_no_analysis_and_the_api_refuses_it(world, clock, client, quick_engine):
    game = pending_game(world, clock)
    game = game_report(actor=world["許褚"], game=game, text=XIANGQI_BLUNDER, claimed="defender")
    assert game.status == Game.Status.PENDING and not GameAnalysis.objects.filter(game=game).exists()
    client.force_login(world["許褚"].user)
    shown = page(client, world, game)
    assert 'id="analysis"' not in shown and "eval-chart" not in shown
    api = client.get(f"/api/v1/c/{world.campaign.slug}/games/{game.pk}/analysis", HTTP_ACCEPT_LANGUAGE="en")
    assert api.status_code == 403 and api.json()["clause"] == "R11.6" and "decided" in api.json()["message"]
    fragment = client.get(reverse("game-analysis", args=[world.campaign.slug, game.pk]))
    assert fragment.status_code == 403 and "eval-chart" not in fragment.content.decode()


def test_the_api_reads_the_analysis_of_a_decided_game(world, clock, client, quick_engine):
    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    url = f"/api/v1/c/{world.campaign.slug}/games/{game.pk}/analysis"
    assert client.get(url).json()["state"] == "waiting", "pending until the engine is done"
    analysis_run(game_id=game.pk)
    read = client.get(url).json()
    assert read["state"] == "done" and [e["ply"] for e in read["evals"]] == [0, 1, 2, 3, 4]
    blunder = next(m for m in read["marks"] if m["ply"] == 3)
    assert blunder["played"] == "炮五進四" and set(blunder["best"]) == {"chinese", "wxf"}


def test_the_page_says_analysis_is_pending_while_the_engine_works(world, clock, client, quick_engine):
    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    shown = page(client, world, game)
    assert 'data-analysis="waiting"' in shown and "hx-trigger=" in shown
    fragment = client.get(reverse("game-analysis", args=[world.campaign.slug, game.pk]), HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200 and 'data-analysis="waiting"' in fragment.content.decode()


def test_without_the_engine_the_page_says_analysis_is_not_available_and_the_game_is_decided(
    world, clock, client, settings
):
    settings.ANALYSIS_ENGINE = "/nowhere/fairy-stockfish"
    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    assert game.result == "defender" and not GameAnalysis.objects.filter(game=game).exists(), "nothing queued"
    client.cookies["django_language"] = "en"  # the language switch's cookie
    assert "Analysis is not available on this site." in page(client, world, game)


def test_a_worker_without_the_engine_ends_cleanly_and_the_page_says_so(world, clock, client, quick_engine):
    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    quick_engine.ANALYSIS_ENGINE = "/nowhere/fairy-stockfish"
    assert analysis_run(game_id=game.pk) == "unavailable"
    client.cookies["django_language"] = "en"  # the language switch's cookie
    assert "Analysis is not available on this site." in page(client, world, game)


def test_a_game_run_twice_is_analysed_once(world, clock, quick_engine):
    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    assert analysis_run(game_id=game.pk) == "done"
    first = GameAnalysis.objects.get(game=game)
    assert analysis_run(game_id=game.pk) == "skipped"
    again = GameAnalysis.objects.get(game=game)
    assert (again.attempts, again.evals, again.finished_at) == (1, first.evals, first.finished_at)


def test_a_live_game_played_on_the_site_is_analysed_after_the_resignation_never_during_play(
    world, clock, client, quick_engine
):
    from play.services.live import live_move, live_ready, live_resign

    game = pending_game(world, clock)
    live_ready(actor=world["許褚"], game=game)
    game = live_ready(actor=world["魏延"], game=game)
    for ply, (actor, move) in enumerate(zip(["許褚", "魏延", "許褚", "魏延"], XIANGQI_BLUNDER.split(), strict=True)):
        game = live_move(actor=world[actor], game=game, move=move, ply=ply)
    assert not GameAnalysis.objects.filter(game=game).exists(), "nothing of an engine while it is played"
    assert 'id="analysis"' not in page(client, world, game)
    live_resign(actor=world["許褚"], game=game)
    assert analysis_run(game_id=game.pk) == "done"
    assert any(m["ply"] == 3 and m["judgement"] == "blunder" for m in GameAnalysis.objects.get(game=game).marks)


def test_a_lost_message_or_a_dead_worker_s_claim_is_sent_again_by_the_sweep(world, clock, quick_engine):
    from datetime import timedelta

    from analysis.services import analysis_sweep
    from campaign.clock import now

    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    assert analysis_sweep() == 0, "a fresh one waits for its message"
    clock.shift(timedelta(minutes=10))
    assert analysis_sweep() == 1, "its message lost: sent again"
    GameAnalysis.objects.filter(game=game).update(state="running", claimed_at=now())
    assert analysis_run(game_id=game.pk) == "skipped", "another worker holds it"
    clock.shift(timedelta(minutes=10))
    assert analysis_sweep() == 1 and analysis_run(game_id=game.pk) == "done", "that worker died: claimed again"


def test_an_engine_that_breaks_off_is_tried_three_times_then_the_page_says_it_failed(
    world, clock, client, quick_engine
):
    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    quick_engine.ANALYSIS_ENGINE = "/bin/true"  # starts, says nothing and stops: no UCI engine
    assert [analysis_run(game_id=game.pk) for _ in range(4)] == ["waiting", "waiting", "failed", "skipped"]
    client.cookies["django_language"] = "en"  # the language switch's cookie
    assert "The engine could not analyse this game." in page(client, world, game)
    assert game.result == "defender", "the game's decision stands"


def test_the_analysis_costs_the_game_page_no_query_and_its_card_alone_two(
    world, clock, client, quick_engine, django_assert_num_queries
):
    """The game page reads the analysis with the game (select_related); the card alone, as the
    page asks for it while the engine works, reads the campaign and the game with it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = decided_by_resignation(world, clock, XIANGQI_BLUNDER)
    analysis_run(game_id=game.pk)
    page(client, world, game)  # the first request's one-time reads
    with CaptureQueriesContext(connection) as analysed:
        assert "eval-chart" in page(client, world, game)
    with django_assert_num_queries(2):
        assert (
            "eval-chart" in client.get(reverse("game-analysis", args=[world.campaign.slug, game.pk])).content.decode()
        )
    GameAnalysis.objects.filter(game=game).delete()
    with CaptureQueriesContext(connection) as plain:
        shown = page(client, world, game)
    assert 'data-analysis="none"' in shown and "eval-chart" not in shown
    assert len(analysed) == len(plain), "the analysis adds no query to the game page"


def test_a_result_entered_by_the_authority_without_a_record_has_nothing_to_analyse(world, clock, client, quick_engine):
    from play.services.results import game_result_enter

    game = game_result_enter(user=world["孫權"].user, game=pending_game(world, clock), result="draw")
    assert game.status == Game.Status.DECIDED and not GameAnalysis.objects.filter(game=game).exists()
    assert 'id="analysis"' not in page(client, world, game)
