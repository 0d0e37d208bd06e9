"""推/噓/→ comments on the site's pages: under each post, one line with the kind, the author, the
text and the time (PTT's MM/DD HH:MM, in the reader's zone); the form for those who may; the net
count in the board's thread list and in the search results (爆, X1…); both languages."""

import re
from datetime import timedelta

import pytest
import redis
from django.urls import reverse

from forum.models import Comment, Thread
from forum.services.boards import thread_create
from forum.services.comments import comment_add, comment_hide


@pytest.fixture
def thread(world):
    return thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")


def thread_url(world, thread) -> str:
    return reverse("thread", args=[world.campaign.slug, thread.pk])


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_comment_shows_under_its_post_with_kind_author_text_and_time(world, thread, client):
    comment_add(actor=world["曹仁"], post=thread.posts.get(), kind="push", text="好計 <b>x</b>")
    page = client.get(thread_url(world, thread)).content.decode()
    assert "推 曹仁 : 好計 &lt;b&gt;x&lt;/b&gt; 05/01 10:00" in text(page)  # Taipei time, as typed (escaped)
    assert 'action="' + reverse("comment-new", args=[world.campaign.slug, thread.posts.get().pk]) not in page


def test_the_time_is_the_readers_zone(world, thread, client):
    comment_add(actor=world["曹仁"], post=thread.posts.get(), kind="arrow", text="且看")
    client.cookies["campaign_tz"] = "Europe/London"
    page = text(client.get(thread_url(world, thread)).content.decode())
    assert "→ 曹仁 : 且看 05/01 03:00" in page


def test_an_officer_comments_from_the_page_and_sees_it_and_the_count(world, thread, client):
    client.force_login(world["曹仁"].user)
    post = thread.posts.get()
    url = reverse("comment-new", args=[world.campaign.slug, post.pk])
    next_url = thread_url(world, thread) + f"#post-{post.pk}"
    response = client.post(url, {"kind": "push", "text": "妙計", "next": next_url})
    assert response.status_code == 302 and response["Location"] == next_url
    assert "推 曹仁 : 妙計" in text(client.get(thread_url(world, thread)).content.decode())
    board = client.get(reverse("board", args=[world.campaign.slug, thread.board_id])).content.decode()
    assert re.search(r'<td class="score" lang="zh-Hant">1</td>\s*<td><a href="[^"]+">獻策</a>', board)


def test_the_author_is_told_why_their_push_is_an_arrow(world, thread, client):
    client.force_login(world["郭嘉"].user)
    post = thread.posts.get()
    url = reverse("comment-new", args=[world.campaign.slug, post.pk])
    client.cookies["django_language"] = "en"
    page = client.post(url, {"kind": "push", "text": "自推"}, follow=True)
    assert "comments on it with → only" in page.content.decode()
    assert Comment.objects.get().kind == "arrow"


def test_a_refused_comment_says_the_limit_in_both_languages(world, thread, client):
    client.force_login(world["曹仁"].user)
    post = thread.posts.get()
    url = reverse("comment-new", args=[world.campaign.slug, post.pk])
    zh = client.post(url, {"kind": "push", "text": "長" * 30}, follow=True).content.decode()
    client.cookies["django_language"] = "en"
    en = client.post(url, {"kind": "push", "text": "a\nb"}, follow=True)
    assert "推文只有一行：最多 50 欄（一個中文字佔兩欄）。" in zh
    assert "contains control characters" in en.content.decode()
    assert not Comment.objects.exists()


@pytest.mark.parametrize(
    ("score", "mark"), [(1, "1"), (9, "9"), (10, "10"), (100, "爆"), (-5, ""), (-11, "X1"), (-55, "X5"), (-100, "XX")]
)
def test_the_thread_list_shows_the_net_count_as_ptt_does(world, thread, client, score, mark):
    Thread.objects.filter(pk=thread.pk).update(score=score)  # the count as comments left it (tested above)
    board = client.get(reverse("board", args=[world.campaign.slug, thread.board_id])).content.decode()
    cell = re.search(r'<td class="score[^"]*" lang="zh-Hant">([^<]*)</td>\s*<td><a href="[^"]+">獻策</a>', board)
    assert cell is not None and cell.group(1) == mark


def test_the_search_results_show_the_threads_count(world, thread, client):
    comment_add(actor=world["曹仁"], post=thread.posts.get(), kind="push", text="好")
    page = client.get(reverse("board-search", args=[world.campaign.slug]), {"q": "奇謀"}).content.decode()
    assert re.search(r'<span class="score"[^>]*>1</span> <a href="[^"]+">獻策</a>', page)


def test_r2_5_a_hidden_comment_is_gone_for_readers_and_marked_for_moderators(world, thread, client):
    boo = comment_add(actor=world["孫權"], post=thread.posts.get(), kind="boo", text="無謀之策")
    comment_hide(actor=world["曹仁"], comment=boo)
    assert "無謀之策" not in client.get(thread_url(world, thread)).content.decode()
    client.force_login(world["曹仁"].user)
    page = client.get(thread_url(world, thread)).content.decode()
    assert f'class="comment boo hidden" id="comment-{boo.pk}"' in page
    assert reverse("comment-moderate", args=[world.campaign.slug, boo.pk]) in page


def test_the_moderators_button_hides_a_comment(world, thread, client):
    boo = comment_add(actor=world["孫權"], post=thread.posts.get(), kind="boo", text="無謀")
    client.force_login(world["曹仁"].user)
    client.post(reverse("comment-moderate", args=[world.campaign.slug, boo.pk]), {"hidden": "1"})
    assert Comment.objects.get().hidden and Thread.objects.get(pk=thread.pk).score == 0


def test_the_page_in_english_labels_the_form(world, thread, client):
    client.force_login(world["曹仁"].user)
    zh = client.get(thread_url(world, thread)).content.decode()
    assert 'placeholder="一行推文"' in zh
    client.cookies["django_language"] = "en"
    page = client.get(thread_url(world, thread)).content.decode()
    assert 'placeholder="A one-line comment"' in page and 'value="push"' in page


def test_a_second_push_soon_after_is_an_arrow_on_the_page_too(world, thread, client, clock, settings):
    redis.Redis.from_url(settings.REDIS_URL).delete(f"post-rate:{world['曹仁'].pk}")
    client.force_login(world["曹仁"].user)
    url = reverse("comment-new", args=[world.campaign.slug, thread.posts.get().pk])
    client.post(url, {"kind": "push", "text": "一推"})
    clock.shift(timedelta(seconds=30))
    page = client.post(url, {"kind": "push", "text": "二推"}, follow=True).content.decode()
    assert "→ 曹仁 : 二推 05/01 10:00" in text(page)
    assert Thread.objects.get(pk=thread.pk).score == 1
