"""Leaving a screen while what it sent is still in the database thread: the form (or the editor)
is gone already when the act comes back done, and only it leaves, never the screen the officer
went back to (a `q` pressed right after Ctrl-X used to take the acts menu away with it, and at
the main menu would have ended the session). And a form whose window shrinks to 20×5 and widens again
is the same form, its choices kept, and sends."""

import time

from campaign.models import Move
from forum.models import Letter, Thread
from forum.services.letters import letter_send
from ops.demo import DEMO_PASSWORD
from tests.bbs.acts_steps import english, open_act, pick
from tests.bbs.test_ptt_letters import open_mailbox


def test_q_pressed_while_a_form_is_sent_leaves_only_the_form(bbs, bbs_world):
    english(bbs_world, "郭嘉")
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    open_act(terminal, "Ask to move", "Move to")
    pick(terminal, "Move to", "長安")
    terminal.send(b"\x18q")  # Ctrl-X and, before the answer, q
    screen = terminal.wait_for("Choose the act")  # the acts menu the officer went back to
    assert "Leave the BBS" not in screen
    deadline = time.monotonic() + 10  # the act, on its way when q was read, is done all the same
    while not Move.objects.filter(officer=bbs_world["郭嘉"], destination__name="長安").exists():
        assert time.monotonic() < deadline, "the move asked before q was never made"
        time.sleep(0.1)


def test_ctrl_q_pressed_while_a_post_is_sent_neither_abandons_it_nor_leaves_the_thread_list(bbs, bbs_world):
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("Leave the BBS")
    terminal.type("enter")  # Boards
    terminal.wait_for("Owner")
    terminal.type("2", "enter", "enter")
    terminal.wait_for("page 1/")  # the thread list of 許昌's board
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    terminal.type("軍令", "tab", "明日出兵。")
    terminal.send(b"\x18\x11")  # Ctrl-X and, before the answer, Ctrl-Q
    terminal.wait_for("Sent.")
    screen = terminal.wait_for("軍令")  # the new thread, in the list the editor was opened from
    assert "page 1/" in screen and "Owner" not in screen
    assert Thread.objects.filter(title="軍令").exists()


def test_q_pressed_while_a_letter_is_removed_leaves_only_the_letter(bbs, bbs_world):
    english(bbs_world, "曹操")
    letter_send(actor=bbs_world["荀彧"], recipient="曹操", subject="軍糧", body="洛陽糧草將盡")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_mailbox(terminal)
    terminal.type("enter")
    terminal.wait_for("洛陽糧草將盡")
    terminal.type("d")
    terminal.wait_for("y removes it")
    terminal.send(b"yq")  # y and, before the answer, q
    screen = terminal.wait_for("No letters for you.")  # the mailbox the officer went back to
    assert "Leave the BBS" not in screen
    assert not Letter.objects.filter(recipient=bbs_world["曹操"], recipient_removed=False).exists()


def test_a_form_shrunk_to_20x5_says_the_size_it_needs_and_is_whole_again_when_widened(bbs, bbs_world):
    english(bbs_world, "郭嘉")
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    open_act(terminal, "Ask to move", "Move to")
    pick(terminal, "Move to", "長安")
    terminal.resize(20, 5)
    terminal.wait_for("This window is 20×5")  # the size it needs, in its place
    terminal.resize(80, 24)
    terminal.wait_for("[ Send ]")
    terminal.type("ctrl-x")
    terminal.wait_for("Choose the act")
    assert Move.objects.filter(officer=bbs_world["郭嘉"], destination__name="長安").exists()
