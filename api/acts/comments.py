"""推/噓/→ comments through the API, as the thread page's forms (the same fields and services):
an officer's comment under a post, a moderator's hiding of one."""

from ninja import Schema

from api import schemas
from api.acts.actor import actor as _actor
from api.router import act
from forum import lookups
from forum.services.comments import comment_add, comment_hide


class NewComment(Schema):
    kind: str
    text: str


class HideComment(Schema):
    hidden: bool = True


@act("/c/{slug}/posts/{post_id}/comments", schemas.CommentAddedOut, "comment-new")
def comment_new(request, slug: str, post_id: schemas.Id, data: NewComment):
    """Comment under a post of a board one may write on (R1.2): `kind` push (推), boo (噓) or arrow
    (→), `text` one line. Written as → on one's own post, or within 90 seconds of one's last comment
    on the post: `note` says so."""
    campaign, officer = _actor(request, slug)
    return comment_add(actor=officer, post=lookups.post(campaign, post_id), kind=data.kind, text=data.text)


@act("/c/{slug}/comments/{comment_id}/moderate", schemas.CommentOut, "comment-moderate")
def comment_moderate(request, slug: str, comment_id: schemas.Id, data: HideComment):
    """Hide a comment, or show it again (R2.5: the board's governor, moderators or king)."""
    campaign, actor = _actor(request, slug)
    return comment_hide(actor=actor, comment=lookups.comment(campaign, comment_id), hidden=data.hidden)
