"""A friendly game's flag falls at its instant with nobody connected (R11.3: time): the real
Celery worker applies the flag's message (or beat's sweep) and the side whose time ran out loses."""

from datetime import timedelta

import pytest

from friendly.models import FriendlyGame
from friendly.services.play import friendly_move
from tests.friendly.helpers import account, started
from tests.workers import wait_for


def decided(game_id: int):
    return lambda: FriendlyGame.objects.filter(pk=game_id, status=FriendlyGame.Status.DECIDED).first()


@pytest.mark.django_db(transaction=True)
def test_r11_3_the_side_to_move_loses_when_its_flag_falls_with_nobody_reading(start_worker):
    """The flag's own message decides it, at its instant (no beat: no sweep to make up for it)."""
    worker = start_worker(sweep_seconds=1.0, lead_seconds=60, beat=False)
    game = started("chess", account("liubei"), account("caocao"), {"base_minutes": 1, "increment_s": 0})
    FriendlyGame.objects.filter(pk=game.pk).update(second_left_ms=2000)  # as if black had 2 s left
    moved = friendly_move(user=game.first, game_id=game.pk, move="e2e4", ply=0)
    assert moved.flag_sent_at is not None  # near: its message sent at once
    found = wait_for(decided(game.pk), timeout=30, what="the flag to fall", worker=worker)
    assert (found.result, found.termination, found.second_left_ms) == ("first", "time", 0)
    assert 2.0 <= (found.decided_at - moved.turn_since).total_seconds() < 3.5  # at the flag's instant


@pytest.mark.django_db(transaction=True)
def test_r11_3_a_flag_whose_message_was_lost_falls_by_beats_sweep(start_worker):
    """No message was sent for this flag (as when the broker lost it): beat's sweep sends it as
    its instant nears, or decides it once overdue."""
    worker = start_worker(sweep_seconds=1.0, lead_seconds=60)
    game = started("xiangqi", account("liubei"), account("caocao"), {"base_minutes": 60})
    assert game.flag_sent_at is None  # an hour ahead: left to the sweep
    due = game.turn_since + timedelta(seconds=3)
    FriendlyGame.objects.filter(pk=game.pk).update(first_left_ms=3000, flag_at=due)  # as if 3 s were left
    found = wait_for(decided(game.pk), timeout=30, what="the sweep to decide the flag", worker=worker)
    assert (found.result, found.termination) == ("second", "time")
    assert (found.decided_at - due).total_seconds() < 2.5
