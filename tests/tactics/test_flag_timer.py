"""A flag falls at its instant with nobody connected (W7, W4): the real Celery worker applies the
flag's message (or beat's sweep) and the side whose time ran out loses; the record written so
stands replay (T18.3)."""

import pytest

from games.tactics.replay import replay
from tactics.models import TacticsGame
from tactics.selectors import tactics_record
from tests.tactics.bots import Player, set_up
from tests.workers import wait_for


@pytest.mark.django_db(transaction=True)
def test_w7_the_side_to_act_loses_when_its_flag_falls_with_nobody_reading(start_worker):
    worker = start_worker(sweep_seconds=1.0, lead_seconds=60)
    players = {"first": Player("liubei"), "second": Player("caocao")}
    start = set_up(players["first"], players["second"], {"clock": {"initial_s": 2, "increment_s": 0}})

    def decided():
        return TacticsGame.objects.filter(pk=start["id"], status=TacticsGame.Status.DECIDED).first()

    game = wait_for(decided, timeout=30, what="the flag to fall", worker=worker)  # the row, not a read
    assert (game.outcome, game.reason, game.first_left_ms) == ("second", "flag", 0)
    assert 2.0 <= (game.decided_at - game.turn_since).total_seconds() < 3.5  # at the flag's instant
    state = replay(tactics_record(game))
    assert state["result"] == {"outcome": "second", "reason": "flag"}
