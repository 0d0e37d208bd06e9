"""Feeds: a city board's Atom feed is public; a palace board's (R1.2) only at an
officer's private address, which stops working when they make a new one."""

import xml.etree.ElementTree as ET
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign.errors import NotAllowed
from forum.services.boards import post_reply, thread_create
from forum.services.comments import comment_add, comment_hide
from forum.services.feeds import feed_token_renew

ATOM = "{http://www.w3.org/2005/Atom}"


def entries(response) -> list[dict]:
    assert response.status_code == 200 and response["Content-Type"].startswith("application/atom+xml")
    root = ET.fromstring(response.content)
    return [
        {
            "title": e.findtext(f"{ATOM}title"),
            "author": e.findtext(f"{ATOM}author/{ATOM}name"),
            "html": e.findtext(f"{ATOM}summary"),
        }
        for e in root.iter(f"{ATOM}entry")
    ]


@pytest.mark.django_db
def test_a_city_boards_feed_is_public_with_its_latest_posts(world):
    board = world.city("洛陽").board
    thread = thread_create(actor=world["郭嘉"], board=board, title="獻策", body="奇謀 <script>alert(1)</script>")
    post_reply(actor=world["郭嘉"], thread=thread, body="再獻**一策**")
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(reverse("board-feed", args=[world.campaign.slug, board.pk]))
    assert len(queries) == 3, [q["sql"][:80] for q in queries]  # the board, its latest posts, their comments
    items = entries(response)
    assert [i["title"] for i in items[:2]] == ["獻策", "獻策"] and items[0]["author"] == "郭嘉"
    assert "<strong>一策</strong>" in items[0]["html"]  # as shown on the site
    assert "<script>" not in "".join(i["html"] or "" for i in items)  # sanitised when written


@pytest.mark.django_db
def test_a_feed_item_carries_its_posts_comments_one_line_each(world, clock):
    board = world.city("洛陽").board
    thread = thread_create(actor=world["郭嘉"], board=board, title="獻策", body="奇謀")
    post = thread.posts.get()
    comment_add(actor=world["曹仁"], post=post, kind="push", text="好計 <b>")
    clock.shift(timedelta(minutes=5))
    boo = comment_add(actor=world["孫權"], post=post, kind="boo", text="無謀")
    comment_add(actor=world["劉備"], post=post, kind="arrow", text="且看")
    comment_hide(actor=world["曹仁"], comment=boo)
    response = Client().get(reverse("board-feed", args=[world.campaign.slug, board.pk]))
    (item,) = entries(response)
    assert item["html"].endswith(
        '<ul class="comments"><li class="comment push">推 曹仁: 好計 &lt;b&gt; <time>05/01 10:00</time></li>'
        '<li class="comment arrow">→ 劉備: 且看 <time>05/01 10:05</time></li></ul>'
    )
    updated = ET.fromstring(response.content).find(f"{ATOM}entry/{ATOM}updated").text
    assert updated == "2026-05-01T02:05:00+00:00"  # its latest comment (10:05 in Taipei)


@pytest.mark.django_db
def test_r1_2_a_palace_feed_only_at_a_private_address_of_its_kingdom(world):
    palace = world["曹操"].kingdom.palace
    thread_create(actor=world["荀彧"], board=palace, title="軍議", body="出兵漢中")
    client = Client()
    assert client.get(reverse("board-feed", args=[world.campaign.slug, palace.pk])).status_code == 404
    wei = feed_token_renew(actor=world["荀彧"], officer=world["荀彧"])
    url = reverse("board-feed-private", args=[world.campaign.slug, wei, palace.pk])
    assert [i["title"] for i in entries(client.get(url))] == ["軍議"]
    wu = feed_token_renew(actor=world["孫權"], officer=world["孫權"])  # another kingdom's officer
    assert client.get(reverse("board-feed-private", args=[world.campaign.slug, wu, palace.pk])).status_code == 404
    feed_token_renew(actor=world["荀彧"], officer=world["荀彧"])  # the old address leaked: a new one
    stale = client.get(url)
    assert stale.status_code == 403 and "已失效" in stale.content.decode()  # the site speaks zh-Hant by default


@pytest.mark.django_db
def test_only_the_officer_renews_their_feed_address(world):
    with pytest.raises(NotAllowed):
        feed_token_renew(actor=world["郭嘉"], officer=world["荀彧"])


@pytest.mark.django_db
def test_a_board_page_links_its_feed_and_the_officer_page_makes_the_address(client, world):
    wei = world["荀彧"]
    client.force_login(wei.user)
    palace = wei.kingdom.palace
    page = client.get(reverse("board", args=[world.campaign.slug, palace.pk])).content.decode()
    assert "feed.atom" not in page and ".atom" not in page  # no private address made yet
    response = client.post(reverse("feed-renew", args=[world.campaign.slug]))
    assert response.status_code == 302
    wei.refresh_from_db()
    page = client.get(reverse("board", args=[world.campaign.slug, palace.pk])).content.decode()
    assert f"/feeds/{wei.feed_token}/boards/{palace.pk}.atom" in page
    city = client.get(reverse("board", args=[world.campaign.slug, world.city("洛陽").board.pk])).content.decode()
    assert "/feed.atom" in city
