"""R1.1 An ended war is archived and read-only: its boards' pages no longer offer what the
services refuse. While the war runs the governor of 洛陽 sees on its board the new thread's form
and on a thread the reply, the quote, the comment and the moderation forms; once the war has
ended none of them is shown (before, they were, and each refused what was sent), and posting
is still refused by the rule."""

import pytest
from django.urls import reverse

from campaign.errors import RuleViolation
from forum.services.boards import post_reply, thread_create
from forum.services.comments import comment_add
from seasons.services.season_end import war_end
from tests.battles.test_war_gate import organiser_of


def _forms(client, world, thread) -> dict[str, bool]:
    slug = world.campaign.slug
    board_page = client.get(reverse("board", args=[slug, thread.board_id])).content.decode()
    thread_page = client.get(reverse("thread", args=[slug, thread.pk])).content.decode()
    post = thread.posts.first()
    return {
        "new thread": reverse("thread-new", args=[slug, thread.board_id]) in board_page,
        "reply": reverse("reply-new", args=[slug, thread.pk]) in thread_page,
        "quote": 'class="quote"' in thread_page,
        "comment": reverse("comment-new", args=[slug, post.pk]) in thread_page,
        "moderate": reverse("post-moderate", args=[slug, post.pk]) in thread_page,
    }


@pytest.mark.django_db
def test_r1_1_the_boards_offer_no_post_form_once_the_war_has_ended(world, clock, client):
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="戰報", body="城中無事")
    comment_add(actor=world["郭嘉"], post=thread.posts.first(), kind="arrow", text="附議")
    client.force_login(world["曹仁"].user)  # 洛陽's governor: a moderator of its board (R2.5)
    assert all(_forms(client, world, thread).values()), _forms(client, world, thread)
    war_end(user=organiser_of(world.campaign), campaign=world.campaign)
    world["曹仁"].refresh_from_db()
    shown = {what for what, there in _forms(client, world, thread).items() if there}
    assert shown == set(), f"offered after the war ended: {sorted(shown)}"
    with pytest.raises(RuleViolation):
        post_reply(actor=world["曹仁"], thread=thread, body="still here")
