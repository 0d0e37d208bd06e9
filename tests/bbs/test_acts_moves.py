"""Moves in the terminal are the moves page's (R3): a request asked in the terminal shows on the
web's moves page, a refusal shows the service's own words and changes nothing, and a king's
order and a governor's approval from the terminal move the officer as the web's would."""

import time

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from campaign.errors import RuleViolation
from campaign.models import Move
from ops.demo import DEMO_PASSWORD
from orders.services.moves import move_approve, move_request
from tests.bbs.acts_steps import english, open_act, open_menu_line, pick, wait_for_row


def moves_page(world, name: str) -> str:
    web = Client()
    web.force_login(world[name].user)
    return web.get(reverse("moves", args=[world.campaign.slug])).content.decode()


def test_r3_2_a_move_asked_in_the_terminal_is_on_the_web_moves_page(bbs, bbs_world):
    english(bbs_world, "郭嘉")
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    open_act(terminal, "Ask to move", "Move to")
    pick(terminal, "Move to", "長安")
    terminal.type("ctrl-x")
    deadline = time.monotonic() + 10  # the act is sent from the server's thread: waited for, not read at once
    while not Move.objects.filter(officer=bbs_world["郭嘉"]).exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    move = Move.objects.get(officer=bbs_world["郭嘉"])
    if move.status == Move.Status.TRAVELLING:
        terminal.wait_for("On the road to 長安.")
    else:
        terminal.wait_for("Your request to move to 長安 awaits approval.")
    assert (move.origin.name, move.destination.name) == ("洛陽", "長安")
    page = moves_page(bbs_world, "郭嘉")
    assert f'data-status="{move.status}">洛陽 → 長安' in page


def test_r3_2_a_request_refused_by_the_service_shows_its_words_and_the_form_stays(bbs, bbs_world):
    english(bbs_world, "郭嘉")
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    open_act(terminal, "Ask to move", "Move to")
    pick(terminal, "Move to", "長安")
    move_request(actor=bbs_world["郭嘉"], destination=bbs_world.city("許昌"))  # asked on the web meanwhile
    with pytest.raises(RuleViolation) as refused, translation.override("en"):
        move_request(actor=bbs_world["郭嘉"], destination=bbs_world.city("長安"))
    terminal.type("ctrl-x")
    terminal.wait_for(refused.value.refusal)
    assert "[ Send ]" in terminal.screen_text()  # the form stays
    assert list(Move.objects.filter(officer=bbs_world["郭嘉"]).values_list("destination__name", flat=True)) == ["許昌"]


def test_r3_1_the_king_orders_a_move_in_the_terminal_and_a_governor_approves_a_request(bbs, bbs_world):
    english(bbs_world, "曹操", "曹仁")
    bbs_world.online("曹仁", "徐晃")
    king = bbs.connect("caocao", DEMO_PASSWORD)
    open_act(king, "Order a move", "Officer")
    pick(king, "Officer", "許褚")
    pick(king, "Move to", "洛陽")
    king.type("ctrl-x")
    king.wait_for("許褚:")
    ordered = Move.objects.get(officer=bbs_world["許褚"])
    assert ordered.destination.name == "洛陽"
    request = move_request(actor=bbs_world["郭嘉"], destination=bbs_world.city("長安"))
    assert request.status == Move.Status.REQUESTED
    assert 'data-officer="郭嘉"' in moves_page(bbs_world, "曹仁")
    governor = bbs.connect("caoren", DEMO_PASSWORD)
    open_act(governor, "Approve a move", "Request")
    pick(governor, "Request", "郭嘉: 洛陽 → 長安")
    governor.type("ctrl-x")
    governor.wait_for("Approved: 郭嘉")
    request.refresh_from_db()
    assert request.origin_approver.name == "曹仁"
    assert 'data-officer="郭嘉"' not in moves_page(bbs_world, "曹仁")  # decided: no longer awaiting 曹仁


def test_r3_3_an_officer_withdraws_their_request_in_the_terminal_and_a_governor_rejects_one_r3_2(bbs, bbs_world):
    english(bbs_world, "郭嘉", "曹仁")
    bbs_world.online("曹仁", "徐晃")
    mine = move_request(actor=bbs_world["郭嘉"], destination=bbs_world.city("長安"))
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    open_act(terminal, "Withdraw a move", "郭嘉: 洛陽 → 長安")
    terminal.type("ctrl-x")
    terminal.wait_for("Withdrawn: 郭嘉.")
    assert not Move.objects.filter(pk=mine.pk, status=Move.Status.REQUESTED).exists()
    assert 'name="destination"' in moves_page(bbs_world, "郭嘉")  # free to ask again on the web
    again = move_request(actor=bbs_world["郭嘉"], destination=bbs_world.city("許昌"))
    governor = bbs.connect("caoren", DEMO_PASSWORD)
    open_act(governor, "Reject a move", "郭嘉: 洛陽 → 許昌")
    governor.type("ctrl-x")
    governor.wait_for("Rejected: 郭嘉.")
    assert not Move.objects.filter(pk=again.pk, status=Move.Status.REQUESTED).exists()
    assert 'data-officer="郭嘉"' not in moves_page(bbs_world, "曹仁")


def test_r3_3_a_move_approved_elsewhere_leaves_the_movers_open_acts_menu_and_the_mover_is_told(
    bbs, bbs_world, start_worker
):
    """Before: with the acts menu open, the mover's request approved by both governors
    (on the web) still offered "Withdraw a move", which the service then refused (R3.5: on the
    road), and nothing told the mover. Now the notice shows on the status line and the menu reads
    again: no withdrawal of a move on the road."""
    english(bbs_world, "郭嘉")
    start_worker(sweep_seconds=1)
    move = move_request(actor=bbs_world["郭嘉"], destination=bbs_world.city("長安"))
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    open_menu_line(terminal, "Acts —", "Choose the act")
    wait_for_row(terminal, "Withdraw a move")
    time.sleep(1.5)  # the menu joins its officer's group within a second (bbs/notices.py)
    move_approve(actor=bbs_world["曹仁"], move=move)
    terminal.wait_for("◆ 洛陽 agreed to your move from 洛陽 to 長安; 長安 has still to agree", timeout=20)
    assert "Withdraw a move" in terminal.screen_text()  # still a request: it may be withdrawn (R3.2)
    move = move_approve(actor=bbs_world["徐晃"], move=move)
    assert move.status == Move.Status.TRAVELLING
    terminal.wait_for("◆ Your move from 洛陽 to 長安 is approved: on the road", timeout=20)
    deadline = time.monotonic() + 10
    while "Withdraw a move" in terminal.screen_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "Withdraw a move" not in terminal.screen_text()
