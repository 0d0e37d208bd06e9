"""PTT's key map where the site has the thing the key is for (pttbbs's help screens: mbbsd/menu.c,
mbbsd/read.c, mbbsd/bbs.c `b_help`, mbbsd/mail.c `m_help`, mbbsd/pmore.c; docs/terminal.md lists
which PTT keys exist here and which do not), over real SSH into pyte: the main menu's letters, `h`
help on every screen, `p` `n` and `r` in every list, `H` the war's news, the pager's `]` `[` `=`
and `N`, the mailbox's `r` (read) and `y` (reply)."""

from campaign.models import Officer
from forum.models import Board
from forum.services.boards import post_reply, thread_create
from forum.services.letters import letter_send
from ops.demo import DEMO_PASSWORD
from tests.bbs.terminal import settled
from tests.bbs.test_boards import english, open_board
from tests.bbs.test_ptt_letters import open_mailbox


def cursor_line(screen: str) -> str:
    return next(line for line in screen.splitlines() if line.lstrip().startswith(">"))


def test_the_main_menus_letters_move_to_their_line_as_ptts_and_h_shows_the_help(bbs, bbs_world):
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    screen = terminal.wait_for("(G) Leave the BBS")  # each line drawn with its letter, as PTT's (M)ail
    assert "(M) Mail" in screen and "(P) Games" in screen
    terminal.type("m")
    settled(terminal, "(M) Mail")
    assert "(M) Mail" in cursor_line(terminal.screen_text())
    terminal.type("h")  # PTT's help key
    terminal.wait_for("(any key closes this help)")
    terminal.type("x")  # closes the help
    terminal.type("G")  # either case: Goodbye, then Enter asks before leaving
    settled(terminal, "(G) Leave")
    assert "(G) Leave" in cursor_line(terminal.screen_text())
    terminal.type("enter")
    terminal.wait_for("(Y/N)")
    terminal.type("n")
    terminal.type("z")  # no line of that letter: said, not ignored
    terminal.wait_for("! z does nothing here")


def test_p_n_and_r_move_and_open_in_the_thread_list_and_h_hides_the_wars_news(bbs, bbs_world):
    english(bbs_world, "曹操")
    board = Board.objects.get(city__name="許昌")
    thread_create(actor=bbs_world["曹仁"], board=board, title="巡城", body="今夜巡城。")
    thread_create(actor=bbs_world["曹仁"], board=board, title="築城", body="城牆待修。")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "築城")
    first = cursor_line(terminal.screen_text())
    terminal.type("n")  # PTT's down
    settled(terminal, "巡城")
    second = cursor_line(terminal.screen_text())
    assert second != first
    terminal.type("p")  # PTT's up
    settled(terminal, "築城")
    assert cursor_line(terminal.screen_text()) == first
    terminal.type("H")  # the war's news hidden (n is PTT's down now)
    terminal.wait_for("The war's news is hidden.")
    assert Officer.objects.get(pk=bbs_world["曹操"].pk).board_news is False
    terminal.cursor_to("巡城")
    terminal.type("r")  # PTT's read
    terminal.wait_for("今夜巡城。")


def test_the_pagers_right_and_left_brackets_go_to_the_next_and_previous_post_and_equals_to_the_first(bbs, bbs_world):
    english(bbs_world, "曹操")
    board = Board.objects.get(city__name="許昌")
    first = "\n".join("軍令甲" if n == 5 else f"甲{n}" for n in range(1, 31))
    second = "\n".join("軍令乙" if n == 5 else f"乙{n}" for n in range(1, 31))
    thread = thread_create(actor=bbs_world["荀彧"], board=board, title="長文", body=first)
    post_reply(actor=bbs_world["曹仁"], thread=thread, body=second)
    post_reply(actor=bbs_world["郭嘉"], thread=thread, body="此計可行。")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "長文")
    terminal.cursor_to("長文")
    terminal.type("enter")
    terminal.wait_for("Author 荀彧")

    def top_line() -> str:
        return terminal.screen_text().splitlines()[1]  # under the frame's top line

    terminal.type("]")
    settled(terminal, "乙1")
    assert "Author 曹仁" in top_line()
    terminal.type("]")  # the last post: on the last screen (it is short)
    settled(terminal, "此計可行。")
    terminal.type("[")
    settled(terminal, "乙1")
    assert "Author 曹仁" in top_line()
    terminal.type("=")
    settled(terminal, "甲1")
    assert "Author 荀彧" in top_line()
    terminal.type("[")
    terminal.wait_for("! This is the thread's first post.")
    terminal.type("/")
    terminal.send("軍令".encode())
    terminal.type("enter")
    settled(terminal, "軍令甲")
    assert "軍令甲" in top_line()
    terminal.type("n")
    settled(terminal, "軍令乙")
    assert "軍令乙" in top_line()
    terminal.type("N")  # PTT's search backwards: the first post's again
    settled(terminal, "軍令甲")
    assert "軍令甲" in top_line()


def test_r_reads_the_letter_and_y_replies_in_the_mailbox_as_ptts(bbs, bbs_world):
    english(bbs_world, "曹操")
    letter_send(actor=bbs_world["荀彧"], recipient="曹操", subject="軍糧", body="糧草將盡")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_mailbox(terminal)
    terminal.type("r")  # PTT's read (it replied once)
    terminal.wait_for("糧草將盡")
    terminal.type("q")
    terminal.wait_for("Tab Sent letters")
    terminal.type("y")  # PTT's reply in the mailbox
    terminal.wait_for("Subject: Re: 軍糧")
    terminal.type("ctrl-q")
