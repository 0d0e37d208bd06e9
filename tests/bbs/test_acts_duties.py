"""The duties list in the terminal is the duties page's: a duty that appears while it is open (its
notice delivered by a real worker to the officer's group) shows without a key, and Enter on it
opens its act's form, whose sending ends the duty on the web too (R3.2's approval)."""

import time

from django.test import Client
from django.urls import reverse

from campaign.models import Move
from ops.demo import DEMO_PASSWORD
from orders.services.moves import move_request
from tests.bbs.acts_steps import english, open_menu_line, wait_for_row


def duty_keys_on_the_web(world, name: str) -> str:
    web = Client()
    web.force_login(world[name].user)
    return web.get(reverse("duties", args=[world.campaign.slug])).content.decode()


def test_a_duty_that_appears_shows_without_a_key_and_enter_opens_its_form(bbs, bbs_world, start_worker):
    start_worker(sweep_seconds=1)
    english(bbs_world, "曹操")
    bbs_world.online("曹仁", "徐晃")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_menu_line(terminal, "Duties —", "What (most urgent first)")
    assert "asks to move" not in terminal.screen_text()
    move = move_request(actor=bbs_world["郭嘉"], destination=bbs_world.city("長安"))
    assert f'data-duty-key="move:{move.pk}:request"' in duty_keys_on_the_web(bbs_world, "曹操")
    row = wait_for_row(terminal, "郭嘉 asks to move from 洛陽 to 長安")  # a row of the list: no key pressed
    terminal.type(row, "enter", "enter")
    terminal.wait_for("Reject")
    terminal.type("enter")  # Approve
    terminal.wait_for("[ Send ]")
    terminal.wait_for("郭嘉: 洛陽 → 長安")
    terminal.type("ctrl-x")
    terminal.wait_for("Approved: 郭嘉")
    move.refresh_from_db()
    assert move.status == Move.Status.TRAVELLING  # the king's approval is enough (R3.2)
    terminal.wait_for("What (most urgent first)")  # back on the list, read again
    terminal.wait_for("Nothing waits on you.")
    assert f'data-duty-key="move:{move.pk}:request"' not in duty_keys_on_the_web(bbs_world, "曹操")


def test_a_duty_ended_on_the_web_leaves_the_open_list_without_a_key(bbs, bbs_world, start_worker):
    start_worker(sweep_seconds=1)
    english(bbs_world, "曹操")
    bbs_world.online("曹仁", "徐晃")
    move = move_request(actor=bbs_world["郭嘉"], destination=bbs_world.city("長安"))
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_menu_line(terminal, "Duties —", "What (most urgent first)")
    wait_for_row(terminal, "郭嘉 asks to move from 洛陽 to 長安")
    web = Client()
    web.force_login(bbs_world["曹仁"].user)
    answer = web.post(reverse("move-reject", args=[bbs_world.campaign.slug, move.pk]))
    assert answer.status_code == 302
    terminal.wait_for("Nothing waits on you.", timeout=30)  # the duty's end reached the list: no key pressed
    move.refresh_from_db()
    assert move.status != Move.Status.REQUESTED


def test_r3_2_a_duty_whose_request_is_gone_opens_a_form_that_chooses_no_other_request(bbs, bbs_world):
    """Two requests wait on the king; the first is rejected on the web while the terminal's list
    still shows it (no worker here: no notice reads the list again). Enter on it opens a form with
    nothing chosen and says so, never the other request in its place; sending it is refused in the
    service's words, and the other request still waits (R3.2)."""
    from campaign.models import Officer
    from orders.services.moves import move_reject

    english(bbs_world, "曹操")
    bbs_world.online("曹仁", "徐晃")
    guo = bbs_world["郭嘉"]
    other = Officer.objects.filter(kingdom=guo.kingdom, city=guo.city).exclude(pk=guo.pk).first()
    gone = move_request(actor=guo, destination=bbs_world.city("長安"))
    waiting = move_request(actor=other, destination=bbs_world.city("長安"))
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_menu_line(terminal, "Duties —", "What (most urgent first)")
    row = wait_for_row(terminal, "郭嘉 asks to move from 洛陽 to 長安")
    wait_for_row(terminal, f"{other.name} asks to move")
    move_reject(actor=bbs_world["曹仁"], move=gone)
    terminal.type(row, "enter", "enter")
    terminal.wait_for("Reject")
    terminal.type("enter")  # Approve
    screen = terminal.wait_for("no longer open to you")
    assert other.name not in screen and "(none)" in screen
    terminal.type("ctrl-x")
    time.sleep(1)
    assert "Approved" not in terminal.screen_text()
    waiting.refresh_from_db()
    assert waiting.status == Move.Status.REQUESTED
