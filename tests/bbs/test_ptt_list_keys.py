"""PTT's keys in a board's thread list (pttbbs mbbsd/bbs.c `read_comms`, mbbsd/read.c), over real
SSH into pyte: `y` replies to the thread under the cursor quoting its first post, `X`
(and `%`) comments under that post, `/` finds a title and `a` an author (the cursor goes to the
next match, or the status line says there is none), and a key the list does not know says so.
The pager's `y` replies quoting the post at the top of the screen (PTT's 引用)."""

from forum.models import Board, Comment, Post
from forum.services.boards import post_reply, thread_create
from ops.demo import DEMO_PASSWORD
from tests.bbs.terminal import settled
from tests.bbs.test_boards import english, open_board


def _threads(world):
    board = Board.objects.get(city__name="許昌")
    older = thread_create(actor=world["荀彧"], board=board, title="軍糧告急", body="糧草將盡\n速發援兵")
    thread_create(actor=world["曹仁"], board=board, title="巡城", body="今夜巡城。")
    thread_create(actor=world["曹仁"], board=board, title="築城", body="城牆待修。")
    return older


def test_y_in_the_thread_list_replies_quoting_the_threads_first_post_as_ptt(bbs, bbs_world):
    """y on a thread in the list opens the reply with PTT's quote (※ head, each line `: `); the
    reply typed after it is sent through the boards' service."""
    english(bbs_world, "曹操")
    thread = _threads(bbs_world)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "軍糧告急")
    terminal.cursor_to("軍糧告急")
    terminal.type("y")
    screen = terminal.wait_for("※ Quoting 荀彧:")
    assert ": 糧草將盡" in screen and ": 速發援兵" in screen
    terminal.send("援兵即發。".encode())
    terminal.type("ctrl-x")
    terminal.wait_for("Sent.")
    reply = Post.objects.filter(thread=thread).order_by("-id").first()
    assert reply.author == bbs_world["曹操"]
    assert reply.body == "※ Quoting 荀彧:\n: 糧草將盡\n: 速發援兵\n\n援兵即發。"


def test_y_in_the_pager_quotes_the_post_at_the_top_in_chinese_and_r_does_not(bbs, bbs_world):
    """The pager's y quotes the post at the top of the screen (※ 引述《author》之銘言：); r stays a
    reply without a quote."""
    thread = _threads(bbs_world)
    post_reply(actor=bbs_world["曹仁"], thread=thread, body="末將願往。")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("離開 BBS")
    terminal.type("enter")  # the boards
    terminal.wait_for("屬國")
    terminal.type("2", "enter", "enter")
    terminal.wait_for("軍糧告急")
    terminal.cursor_to("軍糧告急")
    terminal.type("enter")
    terminal.wait_for("末將願往。")
    terminal.type("y")
    screen = terminal.wait_for("※ 引述《荀彧》之銘言：")
    assert ": 糧草將盡" in screen
    terminal.type("ctrl-q")  # nothing typed: left at once
    terminal.wait_for("末將願往。")
    terminal.type("r")
    screen = settled(terminal, "Ctrl-X")
    assert "引述" not in screen


def test_x_in_the_thread_list_pushes_under_the_threads_first_post(bbs, bbs_world):
    """X (as % too) on a thread in the list: PTT's 1 推 / 2 噓 / 3 →, then the line, under its
    first post; the list's 推 column counts it."""
    english(bbs_world, "曹操")
    thread = _threads(bbs_world)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "軍糧告急")
    terminal.cursor_to("軍糧告急")
    terminal.type("X")
    terminal.wait_for("荀彧's post: 1 推 push")
    terminal.type("1", "好計")
    terminal.type("enter")
    terminal.wait_for("Your 推 is under the post.")
    comment = Comment.objects.get()
    assert comment.post == Post.objects.filter(thread=thread).order_by("id").first()
    assert comment.kind == "push" and comment.text == "好計" and comment.author == bbs_world["曹操"]
    terminal.type("%")
    terminal.wait_for("荀彧's post: 1 推 push")
    terminal.type("esc")


def _cursor_line(screen: str) -> str:
    return next(line for line in screen.splitlines() if line.lstrip().startswith(">"))


def test_slash_finds_the_next_title_and_says_when_none_holds_it(bbs, bbs_world):
    """/ and a title: the cursor goes to the next thread whose title holds it (round past the
    end); none: the status line says so and the cursor stays."""
    english(bbs_world, "曹操")
    _threads(bbs_world)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "軍糧告急")
    terminal.cursor_to("築城")
    terminal.type("/")
    terminal.wait_for("Find a title:")
    terminal.send("糧".encode())
    terminal.type("enter")
    deadline_screen = terminal.wait_for("軍糧告急")
    for _ in range(40):
        if "軍糧告急" in _cursor_line(terminal.screen_text()):
            break
        settled(terminal, "軍糧告急", timeout=1)
    assert "軍糧告急" in _cursor_line(terminal.screen_text()), deadline_screen
    terminal.type("/")
    terminal.wait_for("Find a title [糧]:")
    terminal.send("赤壁".encode())
    terminal.type("enter")
    terminal.wait_for("! No title holds 赤壁.")
    assert "軍糧告急" in _cursor_line(terminal.screen_text())


def test_a_finds_the_next_thread_by_an_author(bbs, bbs_world):
    """a and a name: the cursor goes to the next thread that officer wrote; Enter alone finds the
    next one again."""
    english(bbs_world, "曹操")
    _threads(bbs_world)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "軍糧告急")
    terminal.cursor_to("軍糧告急")
    terminal.type("a")
    terminal.wait_for("Find an author:")
    terminal.send("曹仁".encode())
    terminal.type("enter")
    settled(terminal, "築城")
    first = _cursor_line(terminal.screen_text())
    assert "曹仁" in first
    terminal.type("a", "enter")  # the last name again: the next of theirs
    settled(terminal, "築城")
    second = _cursor_line(terminal.screen_text())
    assert "曹仁" in second and second != first
    terminal.type("a")
    terminal.send("呂布".encode())
    terminal.type("enter")
    terminal.wait_for("! No thread by 呂布.")


def test_a_key_the_list_does_not_know_says_so_on_the_status_line(bbs, bbs_world):
    """A key the thread list has no use for is answered on the status line, not ignored silently;
    the bottom bar names the list's keys."""
    english(bbs_world, "曹操")
    _threads(bbs_world)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    screen = open_board(terminal, 2, "軍糧告急")
    bar = screen.splitlines()[-1]
    assert "y reply" in bar and "/ title" in bar and bar.endswith("q back")  # whole in 80 columns
    terminal.type("W")
    terminal.wait_for("! W does nothing here: ? lists this screen's keys.")
