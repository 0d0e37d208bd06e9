"""The comments under posts, as plain lines for any front end (the thread page, the API, the feeds,
the terminal): one query for the comments of a page of posts, whatever their number."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch, QuerySet

from campaign.models import Campaign
from forum.models import Comment, Post
from forum.rules.comments import MARKS


@dataclass(frozen=True)
class CommentLine:
    id: int
    post_id: int
    kind: str  # push, boo or arrow
    mark: str  # 推, 噓 or →
    author_id: int | None
    author_name: str
    text: str  # as typed: plain text, to be escaped where shown
    created_at: datetime
    hidden: bool  # shown to the board's moderators only (R2.5)


def _line(comment: Comment) -> CommentLine:
    return CommentLine(
        id=comment.pk,
        post_id=comment.post_id,
        kind=comment.kind,
        mark=MARKS[comment.kind],
        author_id=comment.author_id,
        author_name=comment.author.name if comment.author else "—",
        text=comment.text,
        created_at=comment.created_at,
        hidden=comment.hidden,
    )


def _ordered(comments: QuerySet[Comment]) -> QuerySet[Comment]:
    return comments.select_related("author").order_by("created_at", "id")


def comment_lines(*, post_ids: Iterable[int], moderator: bool = False) -> dict[int, list[CommentLine]]:
    """The comments under each of the posts, oldest first (1 query); hidden ones for a moderator only."""
    comments = Comment.objects.filter(post_id__in=list(post_ids))
    if not moderator:
        comments = comments.filter(hidden=False)
    lines: dict[int, list[CommentLine]] = {}
    for comment in _ordered(comments):
        lines.setdefault(comment.post_id, []).append(_line(comment))
    return lines


def shown_comments() -> Prefetch:
    """A posts' query's shown comments, oldest first, as `post.shown_comments` (one query more)."""
    return Prefetch("comments", queryset=_ordered(Comment.objects.filter(hidden=False)), to_attr="shown_comments")


def comment_target(*, campaign: Campaign, post_id: int) -> Post:
    """The post a comment is written under, with its thread and board for the service's checks
    (1 query); Post.DoesNotExist when the campaign has no such post (the terminal's comment; the
    pages and the API find it by forum/lookups.py, 404 otherwise)."""
    return Post.objects.select_related("thread__board").get(pk=post_id, thread__board__campaign=campaign)
