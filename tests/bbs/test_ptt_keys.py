"""The terminal's keys as a PTT user expects them (issue 42), over real SSH into pyte: ← or q on
the main menu asks before logging off (No by default), a bracketed paste of any size arrives
whole, a quick hand's burst of keys stays keys, and Esc and Ctrl-X answer at once without
swallowing the key after them."""

import time

from bbs.models import TerminalChoice
from ops.demo import DEMO_PASSWORD
from tests.bbs.test_boards import open_board

LEAVE_ZH = "您確定要離開【 象棋攻城 】嗎？(Y/N)？[N]"
LEAVE_EN = "Are you sure you want to leave 【 Chess Siege 】? (Y/N)? [N]"
# A terminal writes a paste to its pty, and ssh sends what it reads, a few KiB at a time: each
# piece reaches the server as its own SSH packet.
PIECE = 4096


def english(world, name: str) -> None:
    TerminalChoice.objects.create(user=world[name].user, language="en")


def new_thread(terminal) -> None:
    open_board(terminal, 2, "Board of 許昌")
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")


def test_left_or_q_on_the_main_menu_asks_before_logging_off_and_no_is_the_default(bbs, bbs_world):
    """Issue 42 item 1 (PTT's 您確定要離開…嗎？(Y/N)？[N]): ←, Enter and n keep the session, q then y ends it."""
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("曹操")
    terminal.type("left")
    terminal.wait_for(LEAVE_ZH)
    terminal.type("enter")  # the default: No
    time.sleep(0.5)
    assert not terminal.closed.is_set()
    assert LEAVE_ZH not in terminal.screen_text() and "主選單" in terminal.screen_text()
    terminal.type("enter")  # the boards
    terminal.wait_for("屬國")
    terminal.type("left", "left")  # PTT's way out of the boards, pressed once more: asked
    terminal.wait_for(LEAVE_ZH)
    terminal.type("n")
    time.sleep(0.3)
    assert not terminal.closed.is_set() and LEAVE_ZH not in terminal.screen_text()
    terminal.type("down")  # the menu's keys work again
    terminal.type("q")
    terminal.wait_for(LEAVE_ZH)
    terminal.type("y")
    terminal.wait_for("再會。")
    assert terminal.wait_closed()


def test_leaving_from_the_menus_line_asks_too_in_english_and_y_logs_off(bbs, bbs_world):
    """Issue 42 item 1, in English: the menu's Leave line asks the same question, Y (capital) leaves."""
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("Leave the BBS")
    terminal.cursor_to("Leave the BBS")
    terminal.type("enter")
    terminal.wait_for(LEAVE_EN)
    assert not terminal.closed.is_set()
    terminal.type("Y")
    terminal.wait_for("Goodbye.")
    assert terminal.wait_closed()
