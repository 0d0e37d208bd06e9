"""The boards' pages: a campaign's boards, a board's threads, a thread's posts (R1.2, R2.5)."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from django.core.paginator import Page, Paginator
from django.db.models import Q
from django.utils.translation import gettext as _

from campaign.errors import NotAllowed
from campaign.models import Campaign, Officer, OfficerKind
from forum.authority import may_moderate, may_post, may_read_board
from forum.models import Board, ChroniclePin, Post, Thread
from forum.selectors.comments import CommentLine, comment_lines, shown_comments

THREADS_PER_PAGE = 20
POSTS_PER_PAGE = 50


def board_threads(*, board: Board, page: int | str | None, news: bool = True) -> Page:
    """A board's list, as the site, the API and the terminal show it (2 queries: count and page):
    the players' threads first, newest activity first; beneath them the system's, the war's news
    (one thread per siege, march, battle…: forum.services.boards.post_system), newest activity
    first, or none when the reader hides them (`news`, the officer's `board_news`). So a player's
    thread leaves page 1 only for other players' threads, never for the system's, as PTT keeps
    its 置底 threads beneath the list."""
    threads = Thread.objects.filter(board=board)
    if not news:
        threads = threads.filter(is_system=False)
    threads = threads.select_related("author").order_by("is_system", "-last_activity_at", "-id")
    return Paginator(threads, THREADS_PER_PAGE).get_page(page)


def news_shown(viewer: Officer | None, news: bool | None = None) -> bool:
    """Whether a reader's board list shows the system's threads: `news` when asked for this once
    (the API's `?news=`), else the officer's remembered choice; shown to a reader without one."""
    if news is not None:
        return news
    return viewer.board_news if viewer is not None else True


@dataclass(frozen=True)
class BoardView:
    board: Board
    threads: Page
    may_post: bool  # an officer who may read it may post (R1.2: a palace, its kingdom's only), until the war ends
    news: bool = True  # the system's threads listed (beneath the players'), or hidden


def board_page(
    *, board_id: int, campaign: Campaign, viewer: Officer | None, page: int | str | None, news: bool | None = None
) -> BoardView:
    """A board and a page of its threads (board_threads, with the reader's choice of news);
    refuses a palace board to others (R1.2)."""
    board = Board.objects.select_related("city__kingdom", "kingdom").get(pk=board_id, campaign=campaign)
    _check_may_read(viewer, board)
    shown = news_shown(viewer, news)
    return BoardView(
        board=board,
        threads=board_threads(board=board, page=page, news=shown),
        may_post=may_post(viewer, board, campaign),
        news=shown,
    )


@dataclass(frozen=True)
class ThreadView:
    board: Board
    thread: Thread
    posts: Page
    may_moderate: bool  # hide and show posts (R2.5)
    may_post: bool = False  # reply, comment, quote, edit and moderate: the forms shown (forum/authority.py)
    editable: frozenset[int] = frozenset()  # the viewer's own posts still within the edit window
    quoted: str = ""  # the reply box's start when quoting a post
    pinnable: frozenset[int] = frozenset()  # a historian's own shown posts on a city board (R1.6)
    pinned: frozenset[int] = frozenset()  # those of them in the war's chronicle
    comments: Mapping[int, list[CommentLine]] = field(default_factory=dict)  # by post: 推/噓/→ lines

    @property
    def rows(self) -> list[tuple[Post, list[CommentLine]]]:
        """The page's posts, each with its comments."""
        return [(post, self.comments.get(post.pk, [])) for post in self.posts]


def thread_page(
    *,
    thread_id: int,
    campaign: Campaign,
    viewer: Officer | None,
    page: int | str | None,
    now: datetime | None = None,
    quote: int | None = None,
) -> ThreadView:
    """A thread and a page of its posts with their comments (one query), the viewer's right to
    moderate them, the posts they may still edit, and the text of a post they quote (one more
    query then)."""
    thread = Thread.objects.select_related("board__city__kingdom", "board__kingdom").get(
        pk=thread_id, board__campaign=campaign
    )
    board = thread.board
    _check_may_read(viewer, board)
    posts = thread_posts(thread=thread, page=page)
    writes = may_post(viewer, board, campaign)
    editable: frozenset[int] = frozenset()
    if viewer is not None and now is not None and writes:
        window = campaign.post_edit_window
        editable = frozenset(
            p.pk
            for p in posts
            if p.author_id == viewer.pk and not p.is_system and not p.hidden and now - p.created_at <= window
        )
    quoted = ""
    if quote is not None and viewer is not None:
        source = Post.objects.filter(pk=quote, thread=thread, hidden=False).select_related("author").first()
        if source is not None:
            who = source.author.name if source.author else _("System")
            lines = [f"> **{who}**:"] + [f"> {line}" for line in source.body.splitlines()]
            quoted = "\n".join(lines) + "\n\n"
    pinnable = _pinnable(viewer, board, posts) if campaign.status != Campaign.Status.ENDED else frozenset()
    moderator = viewer is not None and may_moderate(viewer, board)
    return ThreadView(
        board=board,
        thread=thread,
        posts=posts,
        may_moderate=moderator,
        may_post=writes,
        editable=editable,
        quoted=quoted,
        pinnable=pinnable,
        pinned=frozenset(ChroniclePin.objects.filter(post_id__in=pinnable).values_list("post_id", flat=True))
        if pinnable
        else frozenset(),
        comments=comment_lines(post_ids=[p.pk for p in posts], moderator=moderator),
    )


def _pinnable(viewer: Officer | None, board: Board, posts: Page) -> frozenset[int]:
    """The posts a historian may pin (R1.6; the chronicle is public, so not a palace's, R1.2): no query."""
    if viewer is None or viewer.kind != OfficerKind.HISTORIAN or board.kind != Board.Kind.CITY:
        return frozenset()
    return frozenset(p.pk for p in posts if p.author_id == viewer.pk and not p.is_system and not p.hidden)


def _check_may_read(viewer: Officer | None, board: Board) -> None:
    if not may_read_board(viewer, board):
        raise NotAllowed("R1.2", _("The palace board is for the officers of its kingdom."))


def thread_posts(*, thread: Thread, page: int | str | None) -> Page:
    posts = Post.objects.filter(thread=thread).select_related("author").order_by("created_at", "id")
    return Paginator(posts, POSTS_PER_PAGE).get_page(page)


def boards_of_campaign(*, campaign: Campaign, officer: Officer | None) -> list[Board]:
    boards = Board.objects.filter(campaign=campaign).select_related("city__kingdom", "kingdom")
    if officer is None or officer.kingdom_id is None:
        boards = boards.filter(kind=Board.Kind.CITY)
    else:
        boards = boards.filter(Q(kind=Board.Kind.CITY) | Q(kingdom_id=officer.kingdom_id))
    return sorted(boards, key=lambda b: (b.kind != Board.Kind.PALACE, b.city.position if b.city else 0, b.pk))


def feed_posts(board: Board, count: int) -> list[Post]:
    """A board's feed: its latest `count` posts shown, newest first, each with its thread, author
    and shown comments (2 queries)."""
    return list(
        Post.objects.filter(thread__board=board, hidden=False)
        .select_related("thread", "author")
        .prefetch_related(shown_comments())
        .order_by("-created_at", "-pk")[:count]
    )
