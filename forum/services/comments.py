"""推/噓/→ comments under posts (forum.rules.comments): an officer's line, a moderator's hiding.
Who may comment is who may reply on the board (forum.services.boards); a comment counts in the
boards' posting rate like a reply. The post's and the thread's counts change in the comment's own
transaction, so that a thread list needs no extra query."""

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from campaign import clock
from campaign.authority import require_campaign_open
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer
from campaign.text_refusals import checked_text
from forum.authority import may_moderate
from forum.models import Comment, Post, Thread
from forum.rules.comments import DELTA, KINDS, MAX_COLUMNS, OWN_POST, comment_kind, text_columns
from forum.services.boards import check_may_post, check_rate

MAX_CHARACTERS = 100  # besides the columns: zero-width marks take none


def _checked_line(text: str) -> str:
    """The comment's one line as stored (trimmed), or the refusal naming the limit."""
    checked_text(text, field=_("comment"), clause="", max_length=MAX_CHARACTERS, multiline=False)
    line = text.strip()
    if not line:
        raise RuleViolation("", _("A comment needs some text."))
    if text_columns(line) > MAX_COLUMNS:
        raise RuleViolation(
            "",
            _("A comment is one short line: at most %(n)d columns (a Chinese character takes two).")
            % {"n": MAX_COLUMNS},
        )
    return line


def _note(reason: str) -> str:
    if reason == OWN_POST:
        return _("The author of a post comments on it with → only: written as →.")
    return _("Too soon after your last comment on this post for a push or a boo: written as →.")


def check_commentable(post: Post) -> None:
    """R2.5: a post hidden by a moderator takes no comments (asked before anything is typed too)."""
    if post.hidden:
        raise RuleViolation("R2.5", _("A post hidden by a moderator takes no comments."))


def comment_add(*, actor: Officer, post: Post, kind: str, text: str) -> Comment:
    """An officer's 推, 噓 or → under a post of a board they may post on. The post's author only
    comments (→) on it; a 推 or 噓 soon after one's previous comment on the post is a → (PTT's rules,
    forum.rules.comments): the comment's `note` then says why. A system post takes comments; a
    hidden one takes none. Every refusal comes before the posting rate is counted. Locks the post's
    row (as post_hide and comment_hide do): two comments of one officer at once are one after the
    other, the second seeing the first."""
    require_campaign_open(actor.campaign)
    check_may_post(actor, post.thread.board)
    if kind not in KINDS:
        raise RuleViolation("", _("A comment is a push (推), a boo (噓) or an arrow (→)."))
    line = _checked_line(text)
    check_commentable(post)
    check_rate(actor)
    with transaction.atomic():
        locked = (
            Post.objects.select_for_update(no_key=True).only("pk", "hidden", "author_id", "thread_id").get(pk=post.pk)
        )
        now = clock.now()  # under the lock: the officer's comments on the post are in time order
        check_commentable(locked)
        last = (
            Comment.objects.filter(post=locked, author=actor)
            .order_by("-created_at")
            .values_list("created_at", flat=True)
            .first()
        )
        written, reason = comment_kind(
            kind, own_post=locked.author_id == actor.pk, since_last=None if last is None else now - last
        )
        comment = Comment.objects.create(post=locked, author=actor, kind=written, text=line, created_at=now)
        _count(locked, DELTA[written], 1)
    comment.note = _note(reason) if reason else ""
    return comment


def _count(post: Post, delta: int, comments: int, *, shown: bool = True) -> None:
    """The post's counts, and its thread's while the post is shown (a hidden post's comments do not
    count for the thread: forum.services.boards.post_hide)."""
    Post.objects.filter(pk=post.pk).update(comment_count=F("comment_count") + comments, score=F("score") + delta)
    if delta and shown:
        Thread.objects.filter(pk=post.thread_id).update(score=F("score") + delta)


def comment_hide(*, actor: Officer, comment: Comment, hidden: bool = True) -> Comment:
    """A moderator of the board hides a comment, or shows it again (R2.5): a hidden comment is not
    shown to readers and does not count."""
    require_campaign_open(actor.campaign)
    post = comment.post
    if not may_moderate(actor, post.thread.board):
        raise NotAllowed("R2.5", _("Only the governor, the board's moderators or the king may moderate this board."))
    with transaction.atomic():
        # The post first, as comment_add and post_hide lock it: its hiding and its counts hold still.
        shown = not Post.objects.select_for_update(no_key=True).only("pk", "hidden").get(pk=post.pk).hidden
        locked = Comment.objects.select_for_update(no_key=True).get(pk=comment.pk)
        if locked.hidden != hidden:
            Comment.objects.filter(pk=comment.pk).update(hidden=hidden)
            sign = -1 if hidden else 1
            _count(post, sign * DELTA[locked.kind], sign, shown=shown)
    comment.hidden = hidden
    return comment
