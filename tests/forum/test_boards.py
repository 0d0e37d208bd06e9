"""Boards (R1.2, R1.3, R2.5): threads, posts, Markdown made safe, moderation."""

import json
import time
from datetime import timedelta

import pytest
import redis
import time_machine
from django.urls import reverse
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from accounts.services import token_create
from campaign import clock
from campaign.errors import NotAllowed, RuleViolation, TooFast
from forum.markup import _MD, MAX_NESTING, render_markdown
from forum.models import Post, Thread
from forum.selectors.boards import board_threads
from forum.services.boards import post_edit, post_hide, post_reply, thread_create


def test_a_city_board_post_with_script_shows_it_as_text(world, client):
    board = world.city("洛陽").board
    thread = thread_create(
        actor=world["郭嘉"],
        board=board,
        title="<b>hi</b>",
        body="**bold** <script>alert('x')</script> <img src=x onerror=alert(1)>",
    )
    client.force_login(world["郭嘉"].user)
    page = client.get(reverse("thread", args=[world.campaign.slug, thread.pk])).content.decode()
    assert "<strong>bold</strong>" in page
    assert "&lt;script&gt;alert(" in page and "<script>alert(" not in page
    assert "<img" not in page
    assert "&lt;b&gt;hi&lt;/b&gt;" in page  # titles are escaped too


def test_a_board_lists_newest_activity_first(world):
    board = world.city("洛陽").board
    with time_machine.travel(clock.now(), tick=False) as traveller:
        old = thread_create(actor=world["郭嘉"], board=board, title="old", body="a")
        traveller.shift(timedelta(minutes=1))
        thread_create(actor=world["郭嘉"], board=board, title="new", body="b")
        traveller.shift(timedelta(minutes=1))
        post_reply(actor=world["曹仁"], thread=old, body="bump")
    titles = [t.title for t in board_threads(board=board, page=1)]
    assert titles == ["old", "new"]


def test_a_board_is_paginated(world, client):
    board = world.city("洛陽").board
    for i in range(25):
        thread_create(actor=world["郭嘉"], board=board, title=f"thread {i:02d}", body="x")
    page1 = client.get(reverse("board", args=[world.campaign.slug, board.pk])).content.decode()
    page2 = client.get(reverse("board", args=[world.campaign.slug, board.pk]) + "?page=2").content.decode()
    assert "thread 24" in page1 and "thread 00" not in page1
    assert "thread 00" in page2


def test_r1_2_palace_board_is_for_its_kingdom(world, client):
    palace = world["曹操"].kingdom.palace
    with pytest.raises(NotAllowed):
        thread_create(actor=world["劉備"], board=palace, title="spy", body="x")
    client.force_login(world["劉備"].user)
    assert client.get(reverse("board", args=[world.campaign.slug, palace.pk])).status_code == 403
    client.force_login(world["郭嘉"].user)
    assert client.get(reverse("board", args=[world.campaign.slug, palace.pk])).status_code == 200


def test_an_empty_post_is_refused(world):
    with pytest.raises(RuleViolation):
        thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title=" ", body="x")
    assert not Thread.objects.exists()


def test_the_same_form_sent_twice_makes_one_thread(world):
    board = world.city("洛陽").board
    first = thread_create(actor=world["郭嘉"], board=board, title="t", body="x", nonce="abc")
    second = thread_create(actor=world["郭嘉"], board=board, title="t", body="x", nonce="abc")
    assert first.pk == second.pk and Thread.objects.count() == 1


def test_r2_5_moderators_hide_posts_others_may_not(world):
    board = world.city("許昌").board  # moderated by 荀彧
    thread = thread_create(actor=world["王粲"], board=board, title="t", body="rude")
    post = thread.posts.get()
    with pytest.raises(NotAllowed) as err:
        post_hide(actor=world["郭嘉"], post=post)
    assert err.value.clause == "R2.5"
    post_hide(actor=world["荀彧"], post=post)
    assert Post.objects.get(pk=post.pk).hidden
    post_hide(actor=world["夏侯惇"], post=post, hidden=False)  # the governor too
    assert not Post.objects.get(pk=post.pk).hidden


def test_a_refused_post_keeps_what_was_typed(world, client):
    """A post over the limit is refused with a message; its title and text are still in the form."""
    from django.urls import reverse

    client.force_login(world["郭嘉"].user)
    board = world.city("洛陽").board
    body = "獻策" * 10_001
    page = client.post(
        reverse("thread-new", args=[world.campaign.slug, board.pk]),
        {"title": "奇謀", "body": body},
        follow=True,
        headers={"referer": reverse("board", args=[world.campaign.slug, board.pk])},
    ).content.decode()
    assert "20000" in page and 'value="奇謀"' in page and body in page


def test_an_officer_posting_faster_than_the_boards_rate_is_refused(world, client, settings):
    """BOARD_POST_RATE per officer, for threads, replies and edits alike, on the pages and in the
    API (one count: the posting service's): refused with a message naming the rule in the
    reader's language, nothing written; another officer posts on."""
    settings.BOARD_POST_RATE = "3/min"
    guo = world["郭嘉"]
    redis.Redis.from_url(settings.REDIS_URL).delete(f"post-rate:{guo.pk}", f"post-rate:{world['曹仁'].pk}")
    board = world.city("洛陽").board
    thread = thread_create(actor=guo, board=board, title="軍情", body="一")
    first = post_reply(actor=guo, thread=thread, body="二")
    post_edit(actor=guo, post=first, body="二（改）")
    with pytest.raises(TooFast) as refused:
        post_reply(actor=guo, thread=thread, body="三")
    assert "發文速率" in str(refused.value.message) and "3" in str(refused.value.message)
    assert 0 < refused.value.retry_after <= 60
    with pytest.raises(TooFast):
        post_edit(actor=guo, post=first, body="二（再改）")
    client.force_login(guo.user)
    page = client.post(
        reverse("reply-new", args=[world.campaign.slug, thread.pk]),
        {"body": "四"},
        follow=True,
        headers={"referer": reverse("thread", args=[world.campaign.slug, thread.pk])},
    ).content.decode()
    assert "發文速率" in page and ">四</textarea>" in page  # the message, and the text kept
    _token, text = token_create(user=guo.user, name="bot", scope="act")
    api = client.post(
        f"/api/v1/c/{world.campaign.slug}/threads/{thread.pk}/posts",
        json.dumps({"body": "五"}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {text}",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert api.status_code == 429 and api.json()["code"] == "rate_limited" and int(api["Retry-After"]) > 0
    assert "at most 3 times a minute (the boards' posting rate)" in api.json()["message"]
    assert list(Post.objects.filter(thread=thread).values_list("body", flat=True).order_by("pk")) == ["一", "二（改）"]
    post_reply(actor=world["曹仁"], thread=thread, body="曹仁到")  # per officer


def _cpu(text: str) -> float:
    """The fastest of three renderings, in this thread's CPU time (other processes' load aside)."""
    times = []
    for _ in range(3):
        started = time.thread_time()
        render_markdown(text)
        times.append(time.thread_time() - started)
    return min(times)


def test_a_post_of_unclosed_brackets_costs_no_more_than_ordinary_text():
    """20,000 `[` (or `![`) cost 2.6× an ordinary post of that length, all of it markdown-it's
    scan for a `]` from every `[` (forum/markup.py); a `[` with none after it is text at once."""
    ordinary = _cpu(
        ("**曹仁**出城迎擊，*徐晃*領兵五千。\n- 第一局：[棋譜](https://example.org/g/1)\n\n" * 400)[:20_000]
    )
    for unit in ("[", "![", "[ ", "a["):
        assert _cpu((unit * 20_000)[:20_000]) <= 1.5 * ordinary, unit


_PLAIN = MarkdownIt("commonmark", {"html": False, "breaks": True, "linkify": False, "maxNesting": MAX_NESTING}).enable(
    ["table", "strikethrough"]
)
_PIECES = list("[[]]!()`\\a *_~<>:|-\n") + ["](", "[a]", "![", "`[`", "\\[", "\\]", "http://e.org", "\n\n", "[a]: b\n"]


@hypothesis_settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_brackets_taken_as_text_at_once_render_as_markdown_it_renders_them(text):
    assert _MD.render(text) == _PLAIN.render(text)


def test_a_refused_edit_spends_none_of_the_officers_posting_rate(world, settings):
    """An edit refused for its window, or because a moderator hid the post, is refused before the
    posting rate is counted: the officer's count is unchanged, and the refusal is the rule's,
    never "too fast"."""
    settings.BOARD_POST_RATE = "2/min"
    guo = world["郭嘉"]
    counts = redis.Redis.from_url(settings.REDIS_URL)
    key = f"post-rate:{guo.pk}"
    counts.delete(key)
    board = world.city("洛陽").board
    thread = thread_create(actor=guo, board=board, title="軍情", body="一")
    old = Post.objects.get(thread=thread)
    Post.objects.filter(pk=old.pk).update(created_at=old.created_at - timedelta(minutes=31))
    for _attempt in range(3):
        with pytest.raises(RuleViolation) as refused:
            post_edit(actor=guo, post=old, body="一（改）")
        assert type(refused.value) is RuleViolation and "30" in str(refused.value.message)
    assert counts.zcard(key) == 1
    reply = post_reply(actor=guo, thread=thread, body="二")
    post_hide(actor=world["曹仁"], post=reply)  # the governor of 洛陽
    with pytest.raises(RuleViolation) as refused:
        post_edit(actor=guo, post=reply, body="二（改）")
    assert type(refused.value) is RuleViolation and refused.value.clause == "R2.5"
    assert counts.zcard(key) == 2
    assert list(Post.objects.filter(thread=thread).values_list("body", flat=True).order_by("pk")) == ["一", "二"]
