"""The matrix's rows for the 推/噓/→ comments under posts: who may comment (who may reply on the
board, R1.2) and who may hide one (the board's moderators, R2.5)."""

from forum.services.boards import post_reply, thread_create
from forum.services.comments import comment_add
from tests.authorization.cases import Case, allow, refuse


def comment_new(world, clock):
    """A palace post: officers of its kingdom comment (its author too, with a →), others may not."""
    thread = thread_create(actor=world["荀彧"], board=world["曹操"].kingdom.palace, title="軍議", body="出兵漢中")
    return Case(
        [thread.posts.get().pk],
        {"kind": "push", "text": "附議"},
        {"other": refuse("孫權"), "same": allow("王粲"), "right": allow("荀彧")},
    )


def comment_moderate(world, clock):
    """Only the board's moderators hide a comment: not its author, not the post's."""
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    post = post_reply(actor=world["郭嘉"], thread=thread, body="再獻一策")
    comment = comment_add(actor=world["王粲"], post=post, kind="boo", text="不妥")
    return Case(
        [comment.pk],
        {"hidden": "1"},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("郭嘉"), "right": allow("曹仁")},
    )


COMMENT_ROWS = {"comment-new": comment_new, "comment-moderate": comment_moderate}
