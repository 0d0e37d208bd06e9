"""推/噓/→ comments under posts (R1.2, R2.5, PTT's rules in forum.rules.comments): who may
comment, each kind and the counts kept on the post and the thread, the 90-second rule, the
author's →, the one-line limits, hiding, and the boards' posting rate."""

from datetime import timedelta

import pytest
import redis
from django.http import Http404
from django.utils import translation

from campaign.clock import now as clock_now
from campaign.errors import NotAllowed, RuleViolation, TooFast
from forum.models import Comment, Post
from forum.services.boards import post_hide, post_reply, post_system, thread_create
from forum.services.comments import comment_add, comment_hide


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def post(world):
    """郭嘉's post on 洛陽's board (its governor: 曹仁)."""
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    return thread.posts.get()


def counts(post: Post) -> tuple[int, int, int]:
    """The post's shown comments and net count, and its thread's net count."""
    post = Post.objects.select_related("thread").get(pk=post.pk)
    return post.comment_count, post.score, post.thread.score


def test_a_push_adds_one_a_boo_takes_one_an_arrow_only_comments(world, post):
    comment_add(actor=world["曹仁"], post=post, kind="push", text="好計")
    comment_add(actor=world["王粲"], post=post, kind="push", text="同意")
    comment_add(actor=world["孫權"], post=post, kind="boo", text="無謀")
    comment_add(actor=world["劉備"], post=post, kind="arrow", text="且看")
    assert counts(post) == (4, 1, 1)
    assert list(Comment.objects.filter(post=post).order_by("pk").values_list("kind", "text")) == [
        ("push", "好計"),
        ("push", "同意"),
        ("boo", "無謀"),
        ("arrow", "且看"),
    ]


def test_a_thread_counts_the_comments_under_all_its_posts(world, post):
    reply = post_reply(actor=world["曹仁"], thread=post.thread, body="附議")
    comment_add(actor=world["王粲"], post=post, kind="push", text="妙")
    comment_add(actor=world["王粲"], post=reply, kind="push", text="好")
    assert counts(post) == (1, 1, 2) and counts(reply) == (1, 1, 2)


def test_the_author_comments_on_their_own_post_with_an_arrow(world, post):
    comment = comment_add(actor=world["郭嘉"], post=post, kind="push", text="自己推")
    assert comment.kind == "arrow" and "author" in comment.note
    assert counts(post) == (1, 0, 0)


def test_a_push_within_90_seconds_of_ones_last_comment_on_the_post_is_an_arrow(world, post, clock):
    first = comment_add(actor=world["曹仁"], post=post, kind="push", text="好計")
    clock.shift(timedelta(seconds=89))
    again = comment_add(actor=world["曹仁"], post=post, kind="boo", text="再想想")
    other = comment_add(actor=world["王粲"], post=post, kind="boo", text="不妥")  # another officer: as asked
    assert (first.kind, first.note) == ("push", "")
    assert again.kind == "arrow" and "Too soon" in again.note
    assert other.kind == "boo"
    clock.shift(timedelta(seconds=90))  # 90 s after the arrow, the officer's last comment
    assert comment_add(actor=world["曹仁"], post=post, kind="push", text="還是好計").kind == "push"
    assert counts(post) == (4, 1, 1)


def test_r1_2_a_palace_post_takes_comments_from_its_kingdom_only(world):
    thread = thread_create(actor=world["荀彧"], board=world["曹操"].kingdom.palace, title="軍議", body="出兵")
    palace_post = thread.posts.get()
    with pytest.raises(NotAllowed) as refused:
        comment_add(actor=world["孫權"], post=palace_post, kind="boo", text="探子")
    assert refused.value.clause == "R1.2"
    assert comment_add(actor=world["王粲"], post=palace_post, kind="push", text="善").kind == "push"
    assert counts(palace_post) == (1, 1, 1)


def test_a_system_post_takes_comments(world, clock):
    board = world.city("漢中").board
    system = post_system(board=board, title="魏軍出征", body="兵發漢中", at=clock_now(), event_key="march:test")
    comment = comment_add(actor=world["郭嘉"], post=system, kind="push", text="出兵！")
    assert comment.kind == "push" and counts(system)[1] == 1


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("長" * 1000, "at most 100 characters"),
        ("一行\n兩行", "control characters"),
        ("鈴\x07聲", "control characters"),
        ("\x1b[2J清屏", "control characters"),
        ("   ", "needs some text"),
        ("字" * 26, "at most 50 columns"),
        ("a" * 51, "at most 50 columns"),
    ],
)
def test_a_comment_is_one_short_line_of_text(world, post, text, says, settings):
    with pytest.raises(RuleViolation) as refused:
        comment_add(actor=world["曹仁"], post=post, kind="push", text=text)
    assert says in str(refused.value.message)
    assert counts(post) == (0, 0, 0) and not Comment.objects.exists()


def test_fifty_columns_of_text_fit_and_are_stored_trimmed(world, post):
    comment = comment_add(actor=world["曹仁"], post=post, kind="push", text=" " + "字" * 25 + " ")
    assert Comment.objects.get().text == "字" * 25 == comment.text


def test_an_unknown_kind_is_refused(world, post):
    with pytest.raises(RuleViolation):
        comment_add(actor=world["曹仁"], post=post, kind="explode", text="爆")
    assert not Comment.objects.exists()


def test_r2_5_a_hidden_post_takes_no_comments(world, post):
    post_hide(actor=world["曹仁"], post=post)
    with pytest.raises(RuleViolation) as refused:
        comment_add(actor=world["王粲"], post=Post.objects.get(pk=post.pk), kind="push", text="好")
    assert refused.value.clause == "R2.5" and not Comment.objects.exists()


def test_r2_5_a_moderator_hides_a_comment_and_it_no_longer_counts(world, post):
    boo = comment_add(actor=world["孫權"], post=post, kind="boo", text="無謀")
    comment_add(actor=world["王粲"], post=post, kind="push", text="妙")
    assert counts(post) == (2, 0, 0)
    with pytest.raises(NotAllowed):
        comment_hide(actor=world["王粲"], comment=boo)  # not a moderator of 洛陽's board
    comment_hide(actor=world["曹仁"], comment=boo)  # its governor
    comment_hide(actor=world["曹仁"], comment=boo)  # twice: counted once
    assert counts(post) == (1, 1, 1)
    comment_hide(actor=world["曹仁"], comment=boo, hidden=False)
    assert counts(post) == (2, 0, 0)


def test_a_comment_counts_in_the_boards_posting_rate_and_a_refused_one_spends_none(world, post, settings):
    settings.BOARD_POST_RATE = "2/min"
    officer = world["曹仁"]
    redis.Redis.from_url(settings.REDIS_URL).delete(f"post-rate:{officer.pk}")
    post_reply(actor=officer, thread=post.thread, body="附議")
    with pytest.raises(RuleViolation):
        comment_add(actor=officer, post=post, kind="push", text="x" * 60)  # refused: spends none
    comment_add(actor=officer, post=post, kind="push", text="好")
    with pytest.raises(TooFast) as refused:
        comment_add(actor=officer, post=post, kind="arrow", text="再說")
    assert "posting rate" in str(refused.value.message)
    assert counts(post) == (1, 1, 1)


def test_r1_1_an_ended_war_takes_no_comments(world, post):
    world.campaign.status = world.campaign.Status.ENDED
    world.campaign.save(update_fields=["status"])
    with pytest.raises(RuleViolation) as refused:
        comment_add(actor=world["曹仁"], post=post, kind="push", text="好")
    assert refused.value.clause == "R1.1" and not Comment.objects.exists()


def test_r2_5_a_hidden_posts_comments_leave_the_threads_count_and_come_back(world, post):
    reply = post_reply(actor=world["曹仁"], thread=post.thread, body="附議")
    comment_add(actor=world["王粲"], post=post, kind="push", text="妙")
    pushed = comment_add(actor=world["王粲"], post=reply, kind="push", text="好")
    comment_add(actor=world["孫權"], post=reply, kind="push", text="也好")
    post_hide(actor=world["曹仁"], post=reply)
    post_hide(actor=world["曹仁"], post=reply)  # twice: taken out once
    assert counts(post) == (1, 1, 1) and counts(reply) == (2, 2, 1)
    comment_hide(actor=world["曹仁"], comment=pushed)  # under the hidden post: the thread's unchanged
    assert counts(reply) == (1, 1, 1)
    post_hide(actor=world["曹仁"], post=reply, hidden=False)
    assert counts(post) == (1, 1, 2) and counts(reply) == (1, 1, 2)


@pytest.mark.django_db(transaction=True)
def test_pushes_at_the_same_instant_all_count_and_one_officers_two_are_a_push_and_an_arrow(clock):
    """Six officers' clicks at once, one of them twice: every comment counts once on the post and
    the thread (the counts are F() updates under the post's lock), and the twice-clicking officer's
    second is a → (it sees the first)."""
    from tests.races import at_once
    from tests.worlds import make_world

    world = make_world()
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    post = thread.posts.get()
    names = ("曹仁", "王粲", "孫權", "劉備", "張飛", "曹仁")
    officers = [world[name] for name in names]
    raised = at_once(*[lambda o=o: comment_add(actor=o, post=post, kind="push", text="好") for o in officers])
    assert raised == []
    assert counts(post) == (6, 5, 5)
    assert sorted(Comment.objects.filter(author=world["曹仁"]).values_list("kind", flat=True)) == ["arrow", "push"]


def test_the_post_commented_and_the_comment_moderated_are_found_in_their_campaign_in_one_query_each(
    world, post, django_assert_num_queries
):
    from forum import lookups
    from forum.selectors.comments import comment_target

    comment = comment_add(actor=world["曹仁"], post=post, kind="push", text="好計")
    city = world.city("洛陽")
    with django_assert_num_queries(1):
        found = comment_target(campaign=world.campaign, post_id=post.pk)
        assert found.thread.board.city_id == city.pk
    with django_assert_num_queries(1):
        moderated = lookups.comment(world.campaign, comment.pk)
        assert moderated.post.thread.board.campaign == world.campaign
    with pytest.raises(Post.DoesNotExist):  # the terminal answers it
        comment_target(campaign=world.campaign, post_id=post.pk + 1000)
    with pytest.raises(Http404):
        lookups.comment(world.campaign, comment.pk + 1000)
