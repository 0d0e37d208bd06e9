"""A flag falls at its instant with nobody connected (W7, W4): the real Celery worker applies the
flag's message (or beat's sweep) and the side whose time ran out loses; the record written so
stands replay (T18.3)."""

from datetime import timedelta

import pytest

from games.tactics.replay import replay
from tactics.models import TacticsGame
from tactics.selectors import tactics_record
from tests.tactics.bots import Player, set_up
from tests.workers import wait_for


@pytest.mark.django_db(transaction=True)
def test_w7_the_side_to_act_loses_when_its_flag_falls_with_nobody_reading(start_worker):
    """The flag's own message decides it, at its instant (no beat: no sweep to make up for it)."""
    worker = start_worker(sweep_seconds=1.0, lead_seconds=60, beat=False)
    players = {"first": Player("liubei"), "second": Player("caocao")}
    start = set_up(players["first"], players["second"], {"clock": {"initial_s": 2, "increment_s": 0}})

    def decided():
        return TacticsGame.objects.filter(pk=start["id"], status=TacticsGame.Status.DECIDED).first()

    game = wait_for(decided, timeout=30, what="the flag to fall", worker=worker)  # the row, not a read
    assert (game.outcome, game.reason, game.first_left_ms) == ("second", "flag", 0)
    assert 2.0 <= (game.decided_at - game.turn_since).total_seconds() < 3.5  # at the flag's instant
    state = replay(tactics_record(game))
    assert state["result"] == {"outcome": "second", "reason": "flag"}


@pytest.mark.django_db(transaction=True)
def test_w7_a_flag_whose_message_was_lost_falls_by_beats_sweep(start_worker):
    """No message was sent for this flag (as when the broker lost it): beat's sweep sends it as
    its instant nears, or decides it once overdue."""
    worker = start_worker(sweep_seconds=1.0, lead_seconds=60)
    players = {"first": Player("liubei"), "second": Player("caocao")}
    start = set_up(players["first"], players["second"], {"clock": {"initial_s": 3600, "increment_s": 0}})
    game = TacticsGame.objects.get(pk=start["id"])
    assert game.flag_sent_at is None  # an hour ahead: left to the sweep
    due = game.turn_since + timedelta(seconds=3)
    TacticsGame.objects.filter(pk=game.pk).update(first_left_ms=3000, flag_at=due)  # as if 3 s were left

    def decided():
        return TacticsGame.objects.filter(pk=start["id"], status=TacticsGame.Status.DECIDED).first()

    game = wait_for(decided, timeout=30, what="the sweep to decide the flag", worker=worker)
    assert (game.outcome, game.reason) == ("second", "flag")
    assert (game.decided_at - due).total_seconds() < 2.5
