"""Boards: an officer edits their own post within the campaign's window (marked as
edited), quotes a post into the reply box, and searches the boards they may read (R1.2: a
palace board only for its kingdom)."""

from datetime import timedelta

import pytest

from campaign.errors import NotAllowed, RuleViolation
from forum.models import Board, Post
from forum.services.boards import post_edit, post_reply, thread_create


@pytest.mark.django_db
def test_own_post_is_edited_within_the_window_and_marked(client, world, clock):
    thread = thread_create(actor=world["張飛"], board=world.city("漢中").board, title="守城", body="備戰")
    post = Post.objects.get(thread=thread)
    client.force_login(world["張飛"].user)
    url = f"/c/{world.campaign.slug}/threads/{thread.pk}/"
    edit_form = f'action="/c/{world.campaign.slug}/posts/{post.pk}/edit/"'
    assert edit_form in client.get(url).content.decode()  # the edit form is offered
    client.post(f"/c/{world.campaign.slug}/posts/{post.pk}/edit/", {"body": "**死守**"})
    page = client.get(url).content.decode()
    assert "<strong>死守</strong>" in page and 'class="edited"' in page
    with pytest.raises(NotAllowed):
        post_edit(actor=world["魏延"], post=post, body="改寫")  # another's post
    clock.shift(timedelta(minutes=31))
    response = client.post(f"/c/{world.campaign.slug}/posts/{post.pk}/edit/", {"body": "太遲"}, follow=True)
    assert "30 分鐘" in response.content.decode()
    assert Post.objects.get(pk=post.pk).body == "**死守**"  # unchanged
    assert edit_form not in client.get(url).content.decode()  # no form any more
    with pytest.raises(RuleViolation):
        post_edit(actor=world["張飛"], post=post, body="   ")


@pytest.mark.django_db
def test_quote_fills_the_reply_box(client, world, clock):
    thread = thread_create(actor=world["張飛"], board=world.city("漢中").board, title="守城", body="第一行\n第二行")
    post_reply(actor=world["魏延"], thread=thread, body="附議")
    post = Post.objects.get(thread=thread, body="第一行\n第二行")
    client.force_login(world["魏延"].user)
    page = client.get(f"/c/{world.campaign.slug}/threads/{thread.pk}/?quote={post.pk}").content.decode()
    assert "&gt; **張飛**:\n&gt; 第一行\n&gt; 第二行" in page


@pytest.mark.django_db
def test_r1_2_search_finds_posts_only_on_boards_one_may_read(client, world, clock):
    thread_create(actor=world["張飛"], board=world.city("漢中").board, title="城防", body="火攻之計")
    thread_create(
        actor=world["劉備"],
        board=Board.objects.get(kind="palace", kingdom=world["劉備"].kingdom),
        title="密議",
        body="火攻之計在宮中",
    )
    url = f"/c/{world.campaign.slug}/boards/search/?q=火攻"
    page = client.get(url).content.decode()  # anonymous: city boards only
    assert "城防" in page and "密議" not in page
    client.force_login(world["諸葛亮"].user)  # of 蜀: its palace too
    page = client.get(url).content.decode()
    assert "城防" in page and "密議" in page
    client.force_login(world["郭嘉"].user)  # of 魏: not 蜀's palace
    assert "密議" not in client.get(url).content.decode()


@pytest.mark.django_db
def test_a_word_in_a_seasons_every_post_is_counted_up_to_the_cap_latest_first(
    client,
    world,
    clock,
    settings,
    monkeypatch,
):
    """A search stops counting at SEARCH_COUNT_CAP (here 5) and shows the latest written first:
    a common word over a season's posts is not counted through all of them."""
    from forum.selectors import search

    monkeypatch.setattr(search, "SEARCH_COUNT_CAP", 5)
    monkeypatch.setattr(search, "SEARCH_PER_PAGE", 3)
    board = world.city("漢中").board
    for n in range(8):
        thread_create(actor=world["張飛"], board=board, title=f"守城{n}", body="火攻")
    client.force_login(world["魏延"].user)
    page = client.get(f"/c/{world.campaign.slug}/boards/search/?q=火攻").content.decode()
    assert "More than 5 posts match" in page or "超過 5 篇文章符合" in page
    assert page.index("守城7") < page.index("守城6") < page.index("守城5") and "守城4" not in page
    few = client.get(f"/c/{world.campaign.slug}/boards/search/?q=守城3").content.decode()
    assert "1 post matches" in few or "1 篇文章符合" in few
