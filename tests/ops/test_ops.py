"""R7.5 for operators: overdue work, the sweeper's heartbeat, work set aside, recovery by hand."""

from datetime import timedelta
from io import StringIO

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from campaign import clock
from campaign.models import Move, Timer
from campaign.timers import HANDLERS, timer_schedule, timers_sweep
from orders.services.moves import move_order


def test_r7_5_operators_see_overdue_work_and_apply_it_by_hand(world, client):
    admin = get_user_model().objects.create_superuser("operator", password="operator-pass-1")
    client.force_login(admin)
    with time_machine.travel(clock.now(), tick=False) as traveller:
        move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
        traveller.shift(timedelta(minutes=25))
        page = client.get(reverse("ops")).content.decode()
        overdue = page.split('id="overdue"')[1].split('id="failed"')[0]
        assert f"move:{move.pk}:arrive" in overdue
        heartbeat = page.split('id="heartbeat"')[1].split("</p>")[0]
        assert "從未" in heartbeat and "celery beat" in heartbeat, "no sweeper has run: the page says so"
        client.post(reverse("ops-apply-due"))
        assert Move.objects.get(pk=move.pk).status == Move.Status.ARRIVED
        page = client.get(reverse("ops")).content.decode()
        assert f"move:{move.pk}:arrive" not in page.split('id="failed"')[0].split('id="overdue"')[1]


@pytest.mark.timer_failures_expected
def test_r7_5_a_stuck_item_is_set_aside_shown_and_retried(world, client, monkeypatch):
    monkeypatch.setattr("campaign.timers.MAX_ATTEMPTS", 1)
    HANDLERS["test.stuck"] = lambda timer: 1 / 0
    try:
        timer = timer_schedule(
            campaign=world.campaign, key="test:stuck", kind="test.stuck", object_id=1, due_at=clock.now()
        )
        timers_sweep()
        timer.refresh_from_db()
        assert timer.status == Timer.Status.FAILED and "ZeroDivisionError" in timer.last_error
        admin = get_user_model().objects.create_superuser("operator", password="operator-pass-1")
        client.force_login(admin)
        assert "ZeroDivisionError" in client.get(reverse("ops")).content.decode()
        HANDLERS["test.stuck"] = lambda timer: None  # the cause is fixed
        client.post(reverse("ops-retry", args=[timer.pk]))
        timers_sweep()
        assert Timer.objects.get(pk=timer.pk).status == Timer.Status.DONE
    finally:
        del HANDLERS["test.stuck"]


def test_r7_5_apply_due_command(world):
    with time_machine.travel(clock.now(), tick=False) as traveller:
        move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
        traveller.shift(timedelta(minutes=21))
        out = StringIO()
        call_command("apply_due", stdout=out)
    assert out.getvalue().startswith("applied 1;")


def test_operations_page_is_for_operators_only(world, client):
    client.force_login(world["曹操"].user)  # a king is staff, not an operator
    assert client.get(reverse("ops")).status_code == 403
    assert client.post(reverse("ops-apply-due")).status_code == 403
