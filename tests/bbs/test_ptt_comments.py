"""推/噓/→ in the terminal, PTT's way, over real SSH: X opens the prompt (1 推, 2 噓, 3 →, then one
line), the comment is written by the comments' service with its limits and messages (50 columns,
the author's → and the 90-second →), shown under its post as `推 author: text  MM/DD HH:MM`, and
counted in the thread list's 推 column as the web's lists mark it (爆, X1…XX); in both languages
and in Big5, no line wider than the terminal (a comment's time stays on its line)."""

import re
import time

from django.utils import timezone

from bbs.models import TerminalChoice
from bbs.text import width
from forum.models import Board, Comment
from forum.services.boards import thread_create
from forum.services.comments import comment_add
from ops.demo import DEMO_PASSWORD
from tests.bbs.test_boards import english, open_board


def _strategy(world):
    """郭嘉's thread on 許昌's board (the second board 曹操 sees, after 魏's palace)."""
    board = Board.objects.get(city__name="許昌")
    return thread_create(actor=world["郭嘉"], board=board, title="獻策", body="奇謀一則。")


def _score(screen: str, title: str) -> str:
    """The 推 column of the thread list's row of `title` ("" when it shows none)."""
    row = next(line for line in screen.splitlines() if title in line)
    found = re.match(r"^..\s*\d+ [+ ] *(\S*) \d\d/\d\d ", row)
    assert found, row
    return found.group(1)


def _comment_line(screen: str, author: str) -> str:
    return next(line for line in screen.splitlines() if author in line and ":" in line and "Author" not in line)


def test_a_push_typed_in_the_pager_is_under_the_post_in_ptts_format_and_counted_in_the_thread_list(bbs, bbs_world):
    english(bbs_world, "曹操")
    thread = _strategy(bbs_world)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "獻策")
    terminal.type("enter")
    terminal.wait_for("奇謀一則。")
    terminal.type("X")
    terminal.wait_for("1 推 push")
    terminal.type("1", "好計，依計行事")
    terminal.type("enter")
    terminal.wait_for("Your 推 is under the post.")
    screen = terminal.wait_for("推 曹操")  # the pager read again (the status line may come first)
    comment = Comment.objects.get(post__thread=thread)
    assert (comment.kind, comment.text) == ("push", "好計，依計行事")
    when = timezone.localtime(comment.created_at, bbs_world.campaign.zone).strftime("%m/%d %H:%M")
    line = _comment_line(screen, "曹操")
    assert line.startswith("推 曹操") and ":好計，依計行事" in line and line.endswith(when)  # the time at the right
    terminal.type("q")  # the thread list reads the counts again: 推 1
    screen = terminal.wait_for("獻策")  # drawn at once as it was, then as read again
    deadline = time.monotonic() + 10
    while _score(screen, "獻策") != "1" and time.monotonic() < deadline:
        time.sleep(0.05)
        screen = terminal.wait_for("獻策")
    assert _score(screen, "獻策") == "1"


def test_the_pagers_prompt_refuses_a_line_over_fifty_columns_with_the_services_words_and_keeps_it(bbs, bbs_world):
    english(bbs_world, "曹操")
    thread = _strategy(bbs_world)
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_board(terminal, 2, "獻策")
    terminal.type("enter")
    terminal.wait_for("奇謀一則。")
    terminal.type("X", "2")
    terminal.send(("長" * 26).encode())  # 52 columns
    terminal.type("enter")
    terminal.wait_for("! A comment is one short line: at most 50 columns (a Chinese character")  # the status line's 80
    assert not Comment.objects.filter(post__thread=thread).exists()
    terminal.type("backspace", "enter")  # 50 columns: written, as a 噓
    terminal.wait_for("Your 噓 is under the post.")
    assert Comment.objects.get(post__thread=thread).kind == "boo"


def test_the_author_pushing_their_own_post_is_written_as_an_arrow_and_told_why(bbs, bbs_world):
    english(bbs_world, "郭嘉")
    thread = _strategy(bbs_world)
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    open_board(terminal, 2, "獻策")  # 郭嘉 is of 魏 too: its palace, then 許昌
    terminal.type("enter")
    terminal.wait_for("奇謀一則。")
    terminal.type("%", "enter", "自薦")
    terminal.type("enter")
    terminal.wait_for("The author of a post comments on it with → only: written as →.")
    screen = terminal.wait_for("→  郭嘉")  # the pager read again (the status line may come first)
    assert _comment_line(screen, "郭嘉").startswith("→  郭嘉")
    assert Comment.objects.get(post__thread=thread).kind == "arrow"


def test_the_thread_list_marks_the_count_as_the_web_does(bbs, bbs_world):
    english(bbs_world, "曹操")
    thread = _strategy(bbs_world)
    booers = ["司馬懿", "夏侯惇", "曹仁", "徐晃", "張遼", "荀彧", "陳群", "王粲", "許褚", "劉備", "孫權", "周瑜"]
    post = thread.posts.get()
    for name in booers:
        comment_add(actor=bbs_world[name], post=post, kind="boo", text="不可")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    screen = open_board(terminal, 2, "獻策")
    assert _score(screen, "獻策") == "X1"  # −12: PTT's X and the tens
    header = next(line for line in screen.splitlines() if "Title" in line)
    row = next(line for line in screen.splitlines() if "獻策" in line)
    column = lambda line, text: width(line[: line.index(text)])  # noqa: E731  (wide characters take two)
    assert column(header, "推") == column(row, "X1") and column(header, "Date") == column(row, "/") - 2  # aligned


def test_comments_in_chinese_and_in_big5_fit_the_80_column_screen(bbs, bbs_world):
    TerminalChoice.objects.create(user=bbs_world["曹操"].user, encoding="big5")
    thread = _strategy(bbs_world)
    post = thread.posts.get()
    comment_add(actor=bbs_world["曹仁"], post=post, kind="push", text="長" * 25)  # the widest line
    comment_add(actor=bbs_world["荀彧"], post=post, kind="arrow", text="且看 <b>")
    terminal = bbs.connect("caocao", DEMO_PASSWORD, encoding="big5")
    terminal.wait_for("看板")
    terminal.type("enter")
    terminal.wait_for("屬國")
    terminal.type("2", "enter", "enter")
    terminal.wait_for("獻策")
    terminal.type("enter")
    screen = terminal.wait_for("長" * 25)
    widest = _comment_line(screen, "曹仁")
    assert widest.startswith("推 曹仁") and widest.rstrip()[-11:].count(":") == 1  # the time on the same line
    assert (
        ">  荀彧" in screen and ":且看 <b>" in screen
    )  # as typed, no markup; → one column in Big5, padded to 推's two
    terminal.type("X")
    prompt = terminal.wait_for("1 推 值得推薦")
    assert "郭嘉 的文章" in prompt  # the post's author named
    terminal.type("esc")
    terminal.type("?")
    terminal.wait_for("值得推薦")  # the help, in Chinese


def test_arrow_comment_lines_line_up_with_push_and_boo_lines_in_utf8_and_big5():
    """→ is one column by wcwidth (and `>` in Big5), 推 and 噓 two; each comment's
    author starts in the same column whatever its mark, as a UTF-8 terminal (pyte, wcwidth) and a
    Big5 one (every double-byte character two columns) draw it."""
    from datetime import UTC, datetime

    from bbs.big5 import big5_drawn
    from forum.rules.comments import MARKS
    from forum.selectors.comments import CommentLine
    from screens.comments import comment_fragments
    from tests.bbs.test_big5_columns import big5_columns

    def drawn(kind: str) -> str:
        line = CommentLine(1, 1, kind, MARKS[kind], 1, "曹操", "好計", datetime(2026, 12, 2, 13, 7, tzinfo=UTC), False)
        return "".join(text for _style, text in comment_fragments(line, 79, UTC))

    lines = {kind: drawn(kind) for kind in MARKS}
    assert {width(line[: line.index("曹操")]) for line in lines.values()} == {3}
    big5 = {kind: big5_drawn(line) for kind, line in lines.items()}
    assert big5["arrow"].startswith("> ")
    assert {big5_columns(line[: line.index("曹操")]) for line in big5.values()} == {3}
    assert {width(line) for line in lines.values()} == {79}
