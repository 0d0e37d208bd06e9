"""The boards in the terminal are the site's boards: a post written in the terminal appears on the
web page and one written on the web appears in the terminal; the boards' checks and messages
(R1.2 palaces, the length limit) hold there as on the pages; the edit window (post_edit_window)."""

from django.test import Client
from django.urls import reverse

from bbs.models import TerminalChoice
from forum.models import Board, Post, Thread
from forum.services.boards import post_reply, thread_create
from ops.demo import DEMO_PASSWORD


def english(world, *names):
    for name in names:
        TerminalChoice.objects.create(user=world[name].user, language="en")


def open_board(terminal, number: int, name: str):
    terminal.wait_for("Leave the BBS")
    terminal.type("enter")  # Boards
    terminal.wait_for("Owner")
    terminal.type(str(number), "enter", "enter")
    terminal.wait_for("page 1/")  # the board's threads are loaded
    return terminal.wait_for(name)


def test_a_thread_posted_in_the_terminal_is_on_the_web_page_and_a_web_reply_in_the_terminal(bbs, bbs_world):
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "Board of 許昌")
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    terminal.type("軍令", "tab", "明日出兵，諸將聽令。", "ctrl-x")
    terminal.wait_for("Sent.")
    terminal.wait_for("曹操")  # the new thread in the list, by its author
    thread = Thread.objects.get(title="軍令")
    web = Client()
    web.force_login(bbs_world["曹仁"].user)
    page = web.get(reverse("thread", args=[bbs_world.campaign.slug, thread.pk]))
    assert "明日出兵，諸將聽令。" in page.content.decode()
    answer = web.post(reverse("reply-new", args=[bbs_world.campaign.slug, thread.pk]), {"body": "末將領命！"})
    assert answer.status_code in (200, 302)
    terminal.type("enter")  # read the thread
    terminal.wait_for("末將領命！")
    assert "Author 曹仁" in terminal.screen_text()


def test_another_kingdoms_palace_is_not_listed_r1_2(bbs, bbs_world):
    english(bbs_world, "劉備")
    terminal = bbs.connect("liubei", DEMO_PASSWORD)
    terminal.wait_for("Leave the BBS")
    terminal.type("enter")
    screen = terminal.wait_for("Palace of 蜀")  # the rows, read after the header is drawn
    assert "Palace of 魏" not in screen


def test_a_post_over_the_boards_limit_is_refused_with_the_boards_message_and_nothing_is_posted(bbs, bbs_world):
    english(bbs_world, "曹操")
    board = Board.objects.get(city__name="許昌")
    thread = thread_create(actor=bbs_world["曹操"], board=board, title="糧草", body="清點糧草。")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "糧草")
    terminal.type("enter")
    terminal.wait_for("清點糧草。")
    terminal.type("r")
    terminal.wait_for("Ctrl-X send")
    terminal.send(("長" * 100_000).encode())  # a paste of 100,000 characters
    terminal.wait_for("100000 characters", timeout=20)
    terminal.type("ctrl-x")
    terminal.wait_for("may be at most 20000 characters.")  # the boards' own message
    assert Post.objects.filter(thread=thread).count() == 1
    terminal.type("ctrl-q")
    terminal.wait_for("Throw away this draft (100000 characters)?")
    terminal.type("y")
    terminal.wait_for("清點糧草。")


def test_an_officer_edits_their_post_within_the_edit_window(bbs, bbs_world):
    english(bbs_world, "曹操")
    board = Board.objects.get(city__name="許昌")
    thread = thread_create(actor=bbs_world["曹操"], board=board, title="軍情", body="敵軍三萬。")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "軍情")
    terminal.type("enter")
    terminal.wait_for("敵軍三萬。")
    terminal.type("e")
    terminal.wait_for("Edit your post")
    terminal.type("end")
    terminal.send("，實為五萬".encode())
    terminal.type("ctrl-x")
    terminal.wait_for("(edited)")
    post = Post.objects.get(thread=thread)
    assert post.body.startswith("敵軍三萬。") and "實為五萬" in post.body and post.edited_at is not None


def test_a_reply_from_the_web_marks_the_board_unread_in_the_terminal(bbs, bbs_world):
    english(bbs_world, "曹操")
    board = Board.objects.get(city__name="許昌")
    thread = thread_create(actor=bbs_world["曹操"], board=board, title="巡城", body="今夜巡城。")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "巡城")
    terminal.type("enter")
    terminal.wait_for("今夜巡城。")
    terminal.type("q", "q")
    # the list is read again on the way back (its rows of before shown meanwhile): the mark goes
    screen = terminal.wait_for("2   Board of 許昌")
    assert "2 + Board of 許昌" not in screen  # read
    post_reply(actor=bbs_world["曹仁"], thread=thread, body="遵命。")
    terminal.type("q", "enter")
    terminal.wait_for("2 + Board of 許昌")
