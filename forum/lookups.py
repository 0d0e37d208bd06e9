"""A thing of the forum (a board, a thread, a post, a comment, a moderator) found by its id in
its campaign, 404 otherwise, and the lists under a board only where the reader may read (R1.2):
for the pages, the API and the terminal; the lists are those the API pages by cursor (each a
fixed number of queries whatever the size)."""

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from campaign.errors import NotAllowed
from campaign.models import Campaign, Officer
from forum.authority import may_read_board
from forum.models import Board, BoardModerator, Comment, Post, Thread
from forum.selectors.comments import shown_comments


def readable_boards(campaign: Campaign, viewer: Officer | None) -> QuerySet[Board]:
    """The city boards, and the viewer's kingdom's palace (R1.2)."""
    readable = Q(kind=Board.Kind.CITY)
    if viewer is not None and viewer.kingdom_id is not None:
        readable |= Q(kingdom_id=viewer.kingdom_id)
    return Board.objects.filter(readable, campaign=campaign)


def _readable(board: Board, viewer: Officer | None) -> Board:
    if not may_read_board(viewer, board):
        raise NotAllowed("R1.2", _("The palace board is for the officers of its kingdom."))
    return board


def posts(campaign: Campaign, thread_id: int, viewer: Officer | None) -> QuerySet[Post]:
    """A thread's shown posts, each with its shown comments (one query more for a page)."""
    thread = get_object_or_404(Thread.objects.select_related("board"), board__campaign=campaign, pk=thread_id)
    _readable(thread.board, viewer)
    return Post.objects.filter(thread=thread, hidden=False).prefetch_related(shown_comments())


def comments(campaign: Campaign, post_id: int, viewer: Officer | None) -> QuerySet[Comment]:
    """A shown post's shown comments (R1.2: a palace's for its kingdom only)."""
    post = get_object_or_404(
        Post.objects.select_related("thread__board"), thread__board__campaign=campaign, pk=post_id, hidden=False
    )
    _readable(post.thread.board, viewer)
    return Comment.objects.filter(post=post, hidden=False)


def comment(campaign: Campaign, comment_id: int) -> Comment:
    return get_object_or_404(
        Comment.objects.select_related(
            "post__thread__board__city__kingdom", "post__thread__board__kingdom", "post__thread__board__campaign"
        ),
        pk=comment_id,
        post__thread__board__campaign=campaign,
    )


def board(campaign: Campaign, board_id: int) -> Board:
    return get_object_or_404(Board.objects.select_related("city__kingdom", "kingdom"), pk=board_id, campaign=campaign)


def board_for_feed(slug: str, board_id: int) -> Board:
    """A board with its campaign, by the campaign's slug: a feed reads no campaign before it (one query)."""
    return get_object_or_404(
        Board.objects.select_related("campaign", "city", "kingdom"), pk=board_id, campaign__slug=slug
    )


def thread(campaign: Campaign, thread_id: int) -> Thread:
    return get_object_or_404(Thread.objects.select_related("board"), pk=thread_id, board__campaign=campaign)


def post(campaign: Campaign, post_id: int) -> Post:
    return get_object_or_404(
        Post.objects.select_related(
            "thread__board__city__kingdom", "thread__board__kingdom", "thread__board__campaign"
        ),
        pk=post_id,
        thread__board__campaign=campaign,
    )


def moderator(campaign: Campaign, moderator_id: int) -> BoardModerator:
    return get_object_or_404(
        BoardModerator.objects.select_related("board__city", "board__kingdom", "officer"),
        pk=moderator_id,
        board__campaign=campaign,
    )
