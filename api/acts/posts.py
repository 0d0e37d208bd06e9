"""Posts through the API, as the boards' forms: a thread opened, a reply, a post hidden by a
moderator (R2.5), one's own post rewritten."""

from ninja import Schema

from api import schemas
from api.acts.actor import actor as _actor
from api.router import act
from forum import lookups as forum_lookups
from forum.services.boards import post_edit, post_hide, post_reply, thread_create


class NewThread(Schema):
    title: str
    body: str
    nonce: str = ""


class Reply(Schema):
    body: str
    nonce: str = ""


class Hide(Schema):
    hidden: bool = True


class Edit(Schema):
    body: str


@act("/c/{slug}/boards/{board_id}/threads", schemas.ThreadOut, "thread-new", operation_id="api_acts_thread_new")
def thread_new(request, slug: str, board_id: schemas.Id, data: NewThread):
    """Open a thread on a board one may write on (R1.2)."""
    campaign, officer = _actor(request, slug)
    board = forum_lookups.board(campaign, board_id)
    return thread_create(actor=officer, board=board, title=data.title, body=data.body, nonce=data.nonce[:40])


@act("/c/{slug}/threads/{thread_id}/posts", schemas.PostOut, "reply-new", operation_id="api_acts_reply_new")
def reply_new(request, slug: str, thread_id: schemas.Id, data: Reply):
    """Reply in a thread on a board one may write on (R1.2)."""
    campaign, officer = _actor(request, slug)
    thread = forum_lookups.thread(campaign, thread_id)
    return post_reply(actor=officer, thread=thread, body=data.body, nonce=data.nonce[:40])


@act("/c/{slug}/posts/{post_id}/moderate", schemas.PostOut, "post-moderate", operation_id="api_acts_war_post_moderate")
def post_moderate(request, slug: str, post_id: schemas.Id, data: Hide):
    """Hide a post, or show it again (R2.5: the board's governor, moderators or king)."""
    campaign, actor = _actor(request, slug)
    post = forum_lookups.post(campaign, post_id)
    return post_hide(actor=actor, post=post, hidden=data.hidden)


@act("/c/{slug}/posts/{post_id}/edit", schemas.PostOut, "post-edit", operation_id="api_acts_war_post_edit_act")
def post_edit_act(request, slug: str, post_id: schemas.Id, data: Edit):
    """Rewrite one's own post within the campaign's edit window."""
    campaign, actor = _actor(request, slug)
    post = forum_lookups.post(campaign, post_id)
    return post_edit(actor=actor, post=post, body=data.body)
