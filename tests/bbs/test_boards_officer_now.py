"""The boards in the terminal read the officer as they are now, as each web request does: an
officer who left their kingdom on the site while their terminal was open no longer finds its
palace in the board list, nor posts in the palace they had open (R1.2: a kingdom's palace is
its officers' only)."""

from forum.models import Board, Thread
from forum.services.boards import thread_create
from ops.demo import DEMO_PASSWORD
from orders.services.kingdoms import officer_leave
from tests.bbs.test_boards import english


def test_an_officer_who_left_their_kingdom_on_the_web_no_longer_reads_its_palace_r1_2(bbs, bbs_world):
    english(bbs_world, "郭嘉")
    palace = Board.objects.get(campaign=bbs_world.campaign, kingdom__name="魏")
    thread_create(actor=bbs_world["曹操"], board=palace, title="密議", body="今夜議事。")
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    terminal.wait_for("Leave the BBS")
    officer_leave(actor=bbs_world["郭嘉"])  # on the web, while the terminal is open
    terminal.type("enter")  # Boards
    screen = terminal.wait_for("Board of 許昌")  # the city boards, loaded
    assert "Palace of 魏" not in screen


def test_an_officer_who_left_their_kingdom_on_the_web_may_not_post_in_its_open_palace_r1_2(bbs, bbs_world):
    english(bbs_world, "郭嘉")
    palace = Board.objects.get(campaign=bbs_world.campaign, kingdom__name="魏")
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    terminal.wait_for("Leave the BBS")
    terminal.type("enter")  # Boards
    terminal.wait_for("Palace of 魏")
    terminal.type("1", "enter", "enter")
    terminal.wait_for("page 1/")  # the palace's threads
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    officer_leave(actor=bbs_world["郭嘉"])  # on the web, while the editor is open
    terminal.type("密報", "tab", "魏軍虛實。", "ctrl-x")
    terminal.wait_for("! ")  # the boards' refusal, on the status line
    assert "Sent." not in terminal.status_line()
    assert not Thread.objects.filter(board=palace, title="密報").exists()
