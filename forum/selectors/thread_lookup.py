"""A board's list searched (a title or an author, from a place in the list on, in the list's own
order: forum.selectors.boards.board_threads) and a thread's opening post, for the terminal's
thread list keys (PTT's `/`, `a`, `y`, `X`); each checks the reader may read the board (R1.2)."""

from django.utils.translation import gettext as _

from campaign.errors import NotAllowed
from campaign.models import Campaign, Officer
from forum.authority import may_read_board
from forum.models import Board, Post, Thread
from forum.selectors.boards import news_shown


def _check_may_read(viewer: Officer | None, board: Board) -> None:
    if not may_read_board(viewer, board):
        raise NotAllowed("R1.2", _("The palace board is for the officers of its kingdom."))


def thread_found(
    *, board_id: int, campaign: Campaign, viewer: Officer | None, after: int, title: str = "", author: str = ""
) -> int | None:
    """The place (from 1, in the board's list as the reader sees it: the players' threads, then
    the news unless hidden) of the first thread after place `after` whose title holds `title`, or
    whose author's name holds `author` (either case), going round to the top past the end; None
    when no thread matches (2 queries)."""
    board = Board.objects.select_related("kingdom").get(pk=board_id, campaign=campaign)
    _check_may_read(viewer, board)
    threads = Thread.objects.filter(board=board)
    if not news_shown(viewer):
        threads = threads.filter(is_system=False)
    rows = list(
        threads.order_by("is_system", "-last_activity_at", "-id").values_list("title", "author__name", "is_system")
    )
    wanted = (title or author).casefold()
    if not wanted:
        return None
    for offset in range(len(rows)):
        place = (after + offset) % len(rows)  # the index of place after + offset + 1
        thread_title, author_name, is_system = rows[place]
        text = thread_title if title else ("" if is_system else author_name or "")
        if wanted in text.casefold():
            return place + 1
    return None


def opening_post(*, thread_id: int, campaign: Campaign, viewer: Officer | None) -> Post:
    """A thread's first post, with its author, its thread and board (1 query, and the board's
    check): what PTT's list keys reply to (quoted) and comment under."""
    post = (
        Post.objects.select_related("author", "thread__board__kingdom")
        .filter(thread_id=thread_id, thread__board__campaign=campaign)
        .order_by("created_at", "id")
        .first()
    )
    if post is None:
        raise Post.DoesNotExist
    _check_may_read(viewer, post.thread.board)
    return post
