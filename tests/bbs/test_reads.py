"""Unread marks (ThreadRead) and the terminal's reads, with their query counts pinned."""

from datetime import timedelta

from bbs.selectors import officers_of
from forum.models import Board
from forum.selectors.reads import boards_with_unread, threads_unread
from forum.services.boards import post_reply, thread_create
from forum.services.reads import thread_read


def test_a_thread_is_unread_until_read_and_again_after_a_new_reply(world, clock, django_assert_num_queries):
    caocao, caoren = world["曹操"], world["曹仁"]
    board = Board.objects.get(city__name="許昌")
    thread = thread_create(actor=caoren, board=board, title="巡城", body="今夜巡城。")
    with django_assert_num_queries(2):
        boards, unread = boards_with_unread(campaign=world.campaign, officer=caocao)
    assert board.pk in unread
    assert any(b.kind == Board.Kind.PALACE and b.kingdom_id == caocao.kingdom_id for b in boards)
    clock.shift(timedelta(seconds=1))
    thread_read(officer=caocao, thread=thread)
    with django_assert_num_queries(1):
        assert threads_unread(officer=caocao, threads=[thread]) == set()
    assert board.pk not in boards_with_unread(campaign=world.campaign, officer=caocao)[1]
    clock.shift(timedelta(seconds=1))
    post_reply(actor=caoren, thread=thread, body="遵命。")
    assert threads_unread(officer=caocao, threads=[thread]) == {thread.pk}
    assert threads_unread(officer=caoren, threads=[thread]) == {thread.pk}  # never read it: its own post counts too


def test_the_users_campaigns_are_read_in_one_query(world, django_assert_num_queries):
    user = world["曹操"].user
    with django_assert_num_queries(1):
        officers = officers_of(user)
    assert [o.campaign.name for o in officers] == [world.campaign.name]


def test_the_users_campaigns_carry_each_officers_unread_letters_in_the_same_query(world, django_assert_num_queries):
    from forum.services.letters import letter_send

    letter_send(actor=world["郭嘉"], recipient="曹操", subject="軍糧", body="將盡")
    letter_send(actor=world["荀彧"], recipient="曹操", subject="急報", body="敵至")
    user = world["曹操"].user
    with django_assert_num_queries(1):
        (officer,) = officers_of(user)
        assert officer.unread_letters == 2


def test_a_page_of_the_mailbox_and_the_unread_count_are_three_queries_whatever_the_letters(
    world, django_assert_num_queries
):
    from forum.services.letters import letter_send
    from screens.letters import INBOX, SENT, mailbox_page

    for index in range(25):
        letter_send(actor=world[("郭嘉", "荀彧")[index % 2]], recipient="曹操", subject=f"第{index}封", body="文")
    caocao = world["曹操"]
    with django_assert_num_queries(3):
        letters, page, pages, unread = mailbox_page(officer=caocao, box=INBOX, page=2)
        assert [letter.sender.name for letter in letters] == ["郭嘉", "荀彧", "郭嘉", "荀彧", "郭嘉"]  # the first five
    assert (page, pages, unread) == (2, 2, 25)
    guojia = world["郭嘉"]
    with django_assert_num_queries(3):
        letters, page, pages, unread = mailbox_page(officer=guojia, box=SENT, page=1)
        assert {letter.recipient.name for letter in letters} == {"曹操"}
