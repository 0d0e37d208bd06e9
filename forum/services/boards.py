"""Writes on the boards: officers' threads and replies, the system's own posts, moderation."""

import math
from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from campaign import clock, rates
from campaign.authority import require_campaign_open
from campaign.errors import NotAllowed, RuleViolation, TooFast
from campaign.models import Officer
from campaign.said import event_or_none
from campaign.text_refusals import checked_text
from forum.authority import may_moderate, may_read_board
from forum.markup import render_markdown
from forum.models import Board, Post, Thread
from forum.rules.search import index_terms

MAX_TITLE = 120
MAX_BODY = 20_000


def _check_text(title: str | None, body: str) -> None:
    if title is not None:
        checked_text(title, field=_("thread title"), clause="", max_length=MAX_TITLE, multiline=False)
    checked_text(body, field=_("text"), clause="", max_length=MAX_BODY)
    if title is not None and not title.strip():
        raise RuleViolation("", _("A thread needs a title."))
    if title is not None and len(title) > MAX_TITLE:
        raise RuleViolation("", _("A title may be at most %(n)d characters.") % {"n": MAX_TITLE})
    if not body.strip():
        raise RuleViolation("", _("A post needs some text."))
    if len(body) > MAX_BODY:
        raise RuleViolation("", _("A post may be at most %(n)d characters.") % {"n": MAX_BODY})


def check_may_post(actor: Officer, board: Board) -> None:
    if board.campaign_id != actor.campaign_id or not may_read_board(actor, board):
        raise NotAllowed("R1.2", _("Only officers of this kingdom may post in its palace."))


def _per(seconds: int) -> str:
    return {
        1: pgettext("posting rate", "a second"),
        60: pgettext("posting rate", "a minute"),
        3600: pgettext("posting rate", "an hour"),
        86400: pgettext("posting rate", "a day"),
    }[seconds]


def check_rate(actor: Officer) -> None:
    """The boards' posting rate: an officer's threads, replies and edits, at most
    BOARD_POST_RATE ("10/min") in any window of its length, counted in Redis for every web
    process (campaign/rates.py). Checked after every refusal (a refused post spends none of it)
    and before the text is rendered, the costly part (a post at the cap takes a web worker up to
    a tenth of a second: bench/inputs.py)."""
    limit, seconds = rates.parse(settings.BOARD_POST_RATE)
    wait = rates.take(f"post-rate:{actor.pk}", limit, seconds)
    if wait:
        message = _(
            "An officer may post at most %(n)d times %(per)s (the boards' posting rate); try again in %(seconds)d s."
        ) % {"n": limit, "per": _per(seconds), "seconds": math.ceil(wait)}
        raise TooFast("", message, retry_after=wait)


def nonce_ok(nonce: str) -> bool:
    """The form's one-time token (a double submit makes one post); anything else is ignored."""
    return bool(nonce) and len(nonce) <= 40 and nonce.isascii() and nonce.isalnum()


def _new_post(
    thread: Thread, body: str, at: datetime, event_key: str | None, author: Officer | None = None, html: str = ""
) -> Post:
    """A post not yet saved, with its search terms (the thread's title and the text);
    a system post when it has no author, its text kept as an event when it has one (campaign/said.py)."""
    return Post(
        said=event_or_none(body),
        thread=thread,
        author=author,
        is_system=author is None,
        body=body,
        html=html or render_markdown(body),
        created_at=at,
        event_key=event_key,
        terms=index_terms(thread.title, body),
    )


def thread_create(*, actor: Officer, board: Board, title: str, body: str, nonce: str = "") -> Thread:
    """An officer opens a thread. The same form sent twice (same `nonce`) makes one thread."""
    require_campaign_open(actor.campaign)
    check_may_post(actor, board)
    _check_text(title, body)
    key = f"officer:{actor.pk}:{nonce}" if nonce_ok(nonce) else None
    if key and (existing := Post.objects.filter(event_key=key).select_related("thread").first()):
        return existing.thread
    check_rate(actor)
    html = render_markdown(body)  # before the transaction: nobody waits on a lock while it renders
    now = clock.now()
    try:
        with transaction.atomic():
            thread = Thread.objects.create(
                board=board, title=title.strip(), author=actor, created_at=now, last_activity_at=now, post_count=1
            )
            _new_post(thread, body, now, key, author=actor, html=html).save()
    except IntegrityError:
        return Post.objects.select_related("thread").get(event_key=key).thread
    return thread


def post_reply(*, actor: Officer, thread: Thread, body: str, nonce: str = "") -> Post:
    require_campaign_open(actor.campaign)
    check_may_post(actor, thread.board)
    _check_text(None, body)
    key = f"officer:{actor.pk}:{nonce}" if nonce_ok(nonce) else None
    if key and (existing := Post.objects.filter(event_key=key).first()):
        return existing
    check_rate(actor)
    html = render_markdown(body)
    now = clock.now()
    try:
        with transaction.atomic():
            post = _new_post(thread, body, now, key, author=actor, html=html)
            post.save()
            Thread.objects.filter(pk=thread.pk).update(last_activity_at=now, post_count=F("post_count") + 1)
    except IntegrityError:
        return Post.objects.get(event_key=key)
    return post


def post_system(*, board: Board, title: str, body: str, at: datetime, event_key: str, topic: str | None = None) -> Post:
    """The site's own post (a move, an arrival, an appointment, the war's events), stamped with
    the instant of the event. Call inside the transaction of the event; `event_key` keeps it to
    one post. With a `topic` (the war's event it belongs to: "siege:<id>", "army:<id>", …) the
    post is a reply in that event's thread on the board, opened by its first post under that
    post's title: a siege's calls, answers, results, captures and ransoms are one thread. A reply
    bumps its thread among the system's threads only: the board lists them beneath the players'
    (forum.selectors.boards.board_threads)."""
    existing = Post.objects.filter(event_key=event_key).first()
    if existing is not None:
        return existing
    thread = _topic_thread(board, topic, at) if topic else None
    if thread is None:
        thread = Thread.objects.create(
            board=board,
            title=title[:MAX_TITLE],
            title_said=event_or_none(title),
            is_system=True,
            topic=topic,
            created_at=at,
            last_activity_at=at,
            post_count=1,
        )
    post = _new_post(thread, body, at, event_key)
    post.save()
    return post


def _topic_thread(board: Board, topic: str, at: datetime) -> Thread | None:
    """The topic's thread on the board, counted one post more and bumped to `at` (never back:
    an event applied late keeps the thread's later activity); None when it has none yet."""
    thread = Thread.objects.filter(board=board, topic=topic).first()
    if thread is not None:
        Thread.objects.filter(pk=thread.pk).update(
            post_count=F("post_count") + 1,
            last_activity_at=Greatest(F("last_activity_at"), Value(at)),
        )
    return thread


def post_system_many(events: list[tuple[Board, str, str, datetime, str]]) -> None:
    """`post_system` for many events at once (board, title, body, at, event_key): a batch of
    arrivals posts in three statements, each event once."""
    keys = [key for *_rest, key in events]
    done = set(Post.objects.filter(event_key__in=keys).values_list("event_key", flat=True))
    events = [event for event in events if event[4] not in done]
    threads = Thread.objects.bulk_create(
        [
            Thread(
                board=board,
                title=title[:MAX_TITLE],
                title_said=event_or_none(title),
                is_system=True,
                created_at=at,
                last_activity_at=at,
                post_count=1,
            )
            for board, title, _body, at, _key in events
        ]
    )
    Post.objects.bulk_create(
        [
            _new_post(thread, body, at, key)
            for thread, (_board, _title, body, at, key) in zip(threads, events, strict=True)
        ]
    )


def post_hide(*, actor: Officer, post: Post, hidden: bool = True) -> Post:
    require_campaign_open(actor.campaign)
    board = post.thread.board
    if not may_moderate(actor, board):
        raise NotAllowed("R2.5", _("Only the governor, the board's moderators or the king may moderate this board."))
    with transaction.atomic():
        # Its comments' count leaves the thread's with it (and comes back when shown again).
        locked = Post.objects.select_for_update(no_key=True).only("pk", "hidden", "score", "thread_id").get(pk=post.pk)
        if locked.hidden != hidden:
            Post.objects.filter(pk=post.pk).update(hidden=hidden)
            if locked.score:
                change = -locked.score if hidden else locked.score
                Thread.objects.filter(pk=locked.thread_id).update(score=F("score") + change)
    post.hidden = hidden
    return post


def _check_editable(post: Post, window, now: datetime) -> None:
    if post.hidden:
        raise RuleViolation("R2.5", _("A post hidden by a moderator can no longer be edited."))
    if now - post.created_at > window:
        raise RuleViolation(
            "", _("A post may be edited for %(n)d minutes after posting.") % {"n": window.total_seconds() // 60}
        )


def post_edit(*, actor: Officer, post: Post, body: str) -> Post:
    """An officer rewrites their own post within the campaign's edit window; the post is marked
    as edited. Nobody edits another's post, a system post or a hidden one. Every refusal comes
    before the posting rate is counted (a refused edit spends none of it), read without a lock;
    the write checks again under the row's lock (a moderator may hide it meanwhile)."""
    require_campaign_open(actor.campaign)
    if post.author_id != actor.pk or post.is_system:
        raise NotAllowed("", _("Only its author may edit a post."))
    _check_text(None, body)
    now = clock.now()
    post = Post.objects.select_related("thread__board__campaign").get(pk=post.pk)
    window = post.thread.board.campaign.post_edit_window
    _check_editable(post, window, now)
    check_rate(actor)
    html = render_markdown(body)
    with transaction.atomic():
        locked = Post.objects.select_for_update(no_key=True).get(pk=post.pk)
        _check_editable(locked, window, now)
        post.body, post.html, post.edited_at = body, html, now
        post.terms = index_terms(post.thread.title, body)
        post.save(update_fields=["body", "html", "edited_at", "terms"])
    return post
