"""The board search through an index (R1.2: the boards one may read): it finds what a
reading of every post would find — any part of a word, in Chinese or not, in a post or its
thread's title — and nothing else, and keeps up with posts written, edited and hidden (on SQLite
through the FTS5 table's triggers, on PostgreSQL through the GIN index)."""

import pytest

from forum.models import Post
from forum.rules.search import index_terms, query_terms
from forum.services.boards import post_edit, post_hide, post_reply, thread_create


def test_terms_are_characters_and_pairs_and_a_query_needs_all_its_pairs():
    assert index_terms("守城", "Fire 火攻!") == "守 城 守城 f i r e fi ir re 火 攻 火攻"
    assert query_terms("守城將") == ["守城", "城將"]
    assert query_terms("守") == ["守"]
    assert query_terms("Fi 火") == ["fi", "火"]
    assert query_terms("!? …") == []


def search(client, world, q: str) -> str:
    return client.get(f"/c/{world.campaign.slug}/boards/search/", {"q": q}).content.decode()


@pytest.mark.django_db
def test_search_finds_any_part_of_a_post_or_title_and_nothing_more(client, world, clock):
    board = world.city("漢中").board
    thread_create(actor=world["張飛"], board=board, title="城防", body="今夜守城將軍出戰")
    thread_create(actor=world["張飛"], board=board, title="分開", body="守城之後，城將易主")  # both pairs, apart
    thread_create(actor=world["張飛"], board=board, title="Orders", body="Hold the GATE at dawn")
    client.force_login(world["魏延"].user)
    page = search(client, world, "守城將")
    assert "城防" in page and "分開" not in page  # the pairs narrow; the text as written decides
    page = search(client, world, "城")  # one character
    assert "城防" in page and "分開" in page and "Orders" not in page
    assert "Orders" in search(client, world, "ate at")  # within words, across a space, any case
    assert "Orders" in search(client, world, "rder")  # the thread's title
    assert "Orders" not in search(client, world, "gates")
    page = search(client, world, "!!")
    assert "“!!” has no letter or digit to look for." in page or "「!!」沒有可搜尋的字" in page


@pytest.mark.django_db
def test_edited_and_hidden_posts_are_found_as_they_now_read(client, world, clock):
    board = world.city("漢中").board
    thread = thread_create(actor=world["張飛"], board=board, title="軍情", body="火攻之計")
    reply = post_reply(actor=world["魏延"], thread=thread, body="水淹七軍")
    client.force_login(world["魏延"].user)
    assert "水淹七軍" in search(client, world, "淹七")
    post_edit(actor=world["魏延"], post=reply, body="伏兵於谷")
    assert "伏兵於谷" in search(client, world, "伏兵") and "伏兵於谷" not in search(client, world, "淹七")
    assert Post.objects.get(pk=reply.pk).terms == index_terms("軍情", "伏兵於谷")
    post_hide(actor=world["劉備"], post=Post.objects.get(pk=reply.pk))
    assert "伏兵於谷" not in search(client, world, "伏兵")
    thread.delete()  # the index forgets deleted posts (a campaign's deletion cascades to them)
    assert "火攻之計" not in search(client, world, "火攻")
