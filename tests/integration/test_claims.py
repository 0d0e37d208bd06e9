"""R11.3 with real parts: a reported mate nobody answers stands when the confirmation window ends,
applied once, on time, by a real Celery worker on a real Redis (its ETA message and its sweeper
racing), the window being the campaign's setting (3 s here; war all day)."""

from datetime import timedelta

import pytest

from battles.models import Army, LedgerEntry, Siege
from battles.services.march import march_start
from battles.services.siege import siege_call, siege_call_answer
from campaign.models import Timer
from forum.models import Post
from play.models import Game
from play.services.records import game_report
from play.timer_kinds import CLAIM_WINDOW
from tests.play.test_records import MATE
from tests.workers import wait_for
from tests.worlds import make_world

pytestmark = pytest.mark.integration


def test_r11_3_an_unanswered_reported_mate_stands_when_the_window_ends_once(start_worker):
    world = make_world(
        travel_time=timedelta(seconds=1),
        war_start_minute=0,
        war_end_minute=1440,
        outnumbered_points=0,
        claim_window=timedelta(seconds=3),
    )
    worker = start_worker(sweep_seconds=0.5)
    march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    siege = wait_for(lambda: Siege.objects.filter(city__name="漢中").first(), 30, "the siege", worker)
    game = siege_call(actor=world["徐晃"], army=Army.objects.get(siege=siege), attacker=world["許褚"])
    game = siege_call_answer(actor=world["魏延"], game=game, defender=world["魏延"])
    wall = world.city("漢中").wall
    game = game_report(actor=world["許褚"], game=game, text=MATE)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PENDING and world.city("漢中").wall == wall

    decided = wait_for(
        lambda: Game.objects.filter(pk=game.pk, status=Game.Status.DECIDED).first(), 30, "the claim to stand", worker
    )
    assert (decided.result, decided.claim_status) == ("attacker", "unanswered")
    timer = Timer.objects.get(kind=CLAIM_WINDOW, object_id=game.pk)
    assert timer.due_at == game.reported_at + timedelta(seconds=3)
    late = timer.applied_at - timer.due_at
    assert timedelta(0) <= late < timedelta(seconds=2), f"applied {late} after the window ended"
    assert timer.attempts == 1 and decided.decided_at >= timer.due_at, "claimed once, not before its instant"
    assert LedgerEntry.objects.filter(key=f"game:{game.pk}:wall").count() == 1, "R6.2 applied once"
    assert world.city("漢中").wall == wall - 10
    assert Post.objects.filter(event_key__startswith=f"game:{game.pk}:claim").count() == 1
