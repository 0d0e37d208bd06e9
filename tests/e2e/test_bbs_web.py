"""The terminal and the web are one forum: a real browser (Playwright, the site in Chinese) beside a
real SSH session (tests/bbs/terminal.py, in English), each test both ways. A thread posted in the
terminal is on the web's board and thread pages, and a thread and a reply written on the web are in
the terminal; a 推 given on the web is under the post in the terminal's pager and counted in its
thread list, and a 噓 given in the terminal is on the web page; a letter sent from the web reaches
the terminal's inbox with the notice on its status line (a real Celery worker, the channel layer),
and the reply written in the terminal is in the web's inbox."""

import pytest
from django.conf import settings

from bbs.models import TerminalChoice
from forum.models import Comment, Letter, Thread
from forum.selectors.boards import boards_of_campaign
from forum.services.boards import thread_create
from ops.demo import DEMO_PASSWORD
from tests.bbs.terminal import BBS
from tests.e2e.conftest import log_in
from tests.worlds import make_world

pytestmark = pytest.mark.e2e


@pytest.fixture
def bbs(transactional_db, redis_server):
    """The real SSH server in a thread of this process (its database work in asgiref's thread, made
    fresh again when it stops), beside the live server's thread."""
    server = BBS(settings.VAR_DIR)
    yield server
    server.stop()


def _terminal(bbs, world, username: str, name: str):
    TerminalChoice.objects.create(user=world[name].user, language="en")
    terminal = bbs.connect(username, DEMO_PASSWORD)
    terminal.wait_for("Leave the BBS")
    return terminal


def _open_board(terminal, world, name: str, city: str) -> None:
    """The board of `city`, by its number in the officer's list of boards."""
    boards = boards_of_campaign(campaign=world.campaign, officer=world[name])
    number = [board.city.name if board.city else "" for board in boards].index(city) + 1
    terminal.type("enter")
    terminal.wait_for("Owner")
    terminal.type(str(number), "enter", "enter")
    terminal.wait_for("page 1/")


def test_threads_and_replies_go_from_the_terminal_to_the_web_and_back(browser, live_server, bbs):
    world = make_world()
    slug, site = world.campaign.slug, live_server.url
    board = world.city("許昌").board
    terminal = _terminal(bbs, world, "caocao", "曹操")
    _open_board(terminal, world, "曹操", "許昌")
    terminal.type("ctrl-p")
    terminal.wait_for("Title:")
    terminal.type("軍令", "tab", "明日出兵，諸將聽令。", "ctrl-x")
    terminal.wait_for("Sent.")

    page = log_in(browser, live_server, "xiahoudun")  # 夏侯惇, 許昌's governor
    page.goto(f"{site}/c/{slug}/boards/{board.pk}/")
    page.click("a:has-text('軍令')")
    assert "明日出兵，諸將聽令。" in page.inner_text("article.post .body")
    page.fill("#reply textarea[name=body]", "末將領命！")
    page.click("#reply button[type=submit]")
    page.wait_for_selector("article.post:nth-of-type(2) .body:has-text('末將領命！')")
    page.goto(f"{site}/c/{slug}/boards/{board.pk}/")
    page.fill("input[name=title]", "糧草")
    page.fill("form.card textarea[name=body]", "清點糧草。")
    page.click("form.card button[type=submit]")
    page.wait_for_selector("h1:has-text('糧草')")

    terminal.type("q", "enter")  # the board again: the web's thread on top
    screen = terminal.wait_for("糧草")
    assert screen.index("糧草") < screen.index("軍令")  # newest activity first, as on the web
    terminal.type("down", "enter")  # 軍令
    screen = terminal.wait_for("末將領命！")
    assert "Author 夏侯惇" in screen
    assert Thread.objects.filter(board=board).count() == 2


def test_a_push_on_the_web_is_in_the_terminals_pager_and_a_boo_in_the_terminal_on_the_web(browser, live_server, bbs):
    world = make_world()
    slug, site = world.campaign.slug, live_server.url
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀一則。")
    page = log_in(browser, live_server, "caoren")
    page.goto(f"{site}/c/{slug}/threads/{thread.pk}/")
    page.fill(".comment-form input[name=text]", "好計！")
    page.click(".comment-form button[value=push]")
    page.wait_for_selector(".comment.push")

    terminal = _terminal(bbs, world, "caocao", "曹操")
    _open_board(terminal, world, "曹操", "洛陽")
    row = next(line for line in terminal.wait_for("獻策").splitlines() if "獻策" in line)
    assert " 1 " in row.split("獻策")[0]  # the 推 column
    terminal.type("enter")
    screen = terminal.wait_for(":好計！")
    line = next(line for line in screen.splitlines() if ":好計！" in line)
    assert line.startswith("推 曹仁")
    terminal.type("X", "2", "不可")
    terminal.type("enter")
    terminal.wait_for("Your 噓 is under the post.")

    page.reload()
    assert page.locator(".comment.boo").inner_text().startswith("噓 曹操: 不可")
    page.goto(f"{site}/c/{slug}/boards/{thread.board_id}/")
    assert page.locator("table.threads tr", has_text="獻策").locator("td.score").inner_text() == ""  # 1 − 1
    assert list(Comment.objects.order_by("pk").values_list("kind", flat=True)) == ["push", "boo"]


def test_a_letter_from_the_web_reaches_the_terminal_with_its_notice_and_the_reply_reaches_the_web(
    browser, live_server, bbs, start_worker
):
    world = make_world()
    start_worker(sweep_seconds=1)
    slug, site = world.campaign.slug, live_server.url
    terminal = _terminal(bbs, world, "caocao", "曹操")
    terminal.wait_for("your letters: 0 unread")

    page = log_in(browser, live_server, "guojia")
    page.goto(f"{site}/c/{slug}/officers/{world['曹操'].pk}/")
    page.click("a.write-letter")
    page.fill("input[name=subject]", "軍糧")
    page.fill("textarea[name=body]", "洛陽糧草將盡")
    page.click("#compose button[type=submit]")
    page.wait_for_url(f"{site}/c/{slug}/letters/sent/")

    terminal.wait_for("◆ A letter from 郭嘉: 軍糧  (1 unread letters)", timeout=20)
    terminal.wait_for("your letters: 1 unread")
    terminal.type("2", "enter", "enter")  # Mail, under the boards
    row = next(line for line in terminal.wait_for("軍糧").splitlines() if "軍糧" in line)
    assert "+" in row and "郭嘉" in row
    terminal.type("enter")
    terminal.wait_for("洛陽糧草將盡")
    terminal.type("r")
    terminal.wait_for("Subject: Re: 軍糧")
    terminal.type("即刻押運", "ctrl-x")  # the reply opens in its text
    terminal.wait_for("Your letter to 郭嘉 is sent.")

    page.goto(f"{site}/c/{slug}/letters/")
    reply = Letter.objects.get(sender__name="曹操")
    assert page.locator(f"tr.unread[data-letter='{reply.pk}']").inner_text().count("Re: 軍糧") == 1
    assert page.inner_text("#letter-count") == "1"
    page.click(f"tr[data-letter='{reply.pk}'] a[href$='/letters/{reply.pk}/']")
    assert "即刻押運" in page.inner_text("article.letter")
    assert Letter.objects.get(pk=reply.pk).read_at is not None
