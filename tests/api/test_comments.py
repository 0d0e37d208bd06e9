"""推/噓/→ comments through the API: in a thread's posts and a post's own list (hidden ones left
out, R2.5; a palace's for its kingdom, R1.2), the counts on threads and posts, and the act that
adds one with the page's checks and messages."""

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.services import token_create
from forum.services.boards import post_reply, thread_create
from forum.services.comments import comment_add, comment_hide
from tests.api.test_reads import every, read


def act(client: Client, path: str, token: str, body: dict, **headers):
    return client.post(
        f"/api/v1{path}",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        **headers,
    )


@pytest.mark.django_db
def test_a_threads_posts_carry_their_comments_and_counts(client, world, clock):
    slug = world.campaign.slug
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    post = thread.posts.get()
    comment_add(actor=world["曹仁"], post=post, kind="push", text="好計")
    boo = comment_add(actor=world["孫權"], post=post, kind="boo", text="無謀")
    comment_add(actor=world["劉備"], post=post, kind="arrow", text="且看")
    comment_hide(actor=world["曹仁"], comment=boo)
    (read_post,) = every(client, f"/c/{slug}/threads/{thread.pk}/posts")
    assert (read_post["comment_count"], read_post["score"]) == (2, 1)
    assert [(c["kind"], c["text"], c["author_id"]) for c in read_post["comments"]] == [
        ("push", "好計", world["曹仁"].pk),
        ("arrow", "且看", world["劉備"].pk),
    ]
    listed = every(client, f"/c/{slug}/posts/{post.pk}/comments")
    assert [c["text"] for c in listed] == ["好計", "且看"]
    (listed_thread,) = [t for t in every(client, f"/c/{slug}/boards/{thread.board_id}/threads") if t["id"] == thread.pk]
    assert (listed_thread["score"], listed_thread["mark"]) == (1, "1")


@pytest.mark.django_db
def test_a_page_of_posts_reads_their_comments_in_one_query(client, world, clock):
    slug = world.campaign.slug
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert read(client, f"/c/{slug}/threads/{thread.pk}/posts").status_code == 200
        return len(captured)

    few = queries()
    for n in range(4):
        reply = post_reply(actor=world["曹仁"], thread=thread, body=f"附議{n}")
        for name in ("王粲", "孫權"):
            comment_add(actor=world[name], post=reply, kind="push", text=f"好{n}")
    assert queries() == few


@pytest.mark.django_db
def test_r1_2_a_palace_posts_comments_are_for_its_kingdom(client, world, clock):
    slug = world.campaign.slug
    thread = thread_create(actor=world["荀彧"], board=world["曹操"].kingdom.palace, title="軍議", body="出兵")
    post = thread.posts.get()
    _t, wu = token_create(user=world["孫權"].user, name="wu", scope="act")
    _t, wei = token_create(user=world["王粲"].user, name="wei", scope="act")
    for token in (None, wu):
        assert read(client, f"/c/{slug}/posts/{post.pk}/comments", token).status_code == 403
    refused = act(client, f"/c/{slug}/posts/{post.pk}/comments", wu, {"kind": "boo", "text": "探子"})
    assert refused.status_code == 403 and refused.json()["clause"] == "R1.2"
    done = act(client, f"/c/{slug}/posts/{post.pk}/comments", wei, {"kind": "push", "text": "善"})
    assert done.status_code == 200 and (done.json()["kind"], done.json()["note"]) == ("push", "")
    assert [c["text"] for c in every(client, f"/c/{slug}/posts/{post.pk}/comments", wei)] == ["善"]


@pytest.mark.django_db
def test_the_act_says_why_a_push_was_written_as_an_arrow_and_refuses_a_second_line(client, world, clock):
    slug = world.campaign.slug
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    post = thread.posts.get()
    _t, guo = token_create(user=world["郭嘉"].user, name="guo", scope="act")
    own = act(client, f"/c/{slug}/posts/{post.pk}/comments", guo, {"kind": "push", "text": "自推"})
    assert own.json()["kind"] == "arrow" and own.json()["note"] == "作者本人，使用 → 加註方式。"
    two = act(
        client,
        f"/c/{slug}/posts/{post.pk}/comments",
        guo,
        {"kind": "arrow", "text": "一\n二"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert two.status_code == 400 and "control characters" in two.json()["message"]
    assert [c["text"] for c in every(client, f"/c/{slug}/posts/{post.pk}/comments")] == ["自推"]
