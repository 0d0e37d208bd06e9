"""What a comment's line and a letter's subject may hold, read as an attacker would: characters
that turn the rest of a line around (bidi overrides, U+202E: "txt.exe" shown as "exe.txt") and
characters XML 1.0 cannot hold (U+FFFE, U+FFFF: one such comment would break a board's public
Atom feed for every reader) are refused, as control characters are, changing nothing."""

import xml.etree.ElementTree as ET

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from campaign.errors import RuleViolation
from forum.models import Comment, Letter
from forum.services.boards import thread_create
from forum.services.comments import comment_add
from forum.services.letters import letter_send

TURNING = ["\u202e", "\u202d", "\u202a", "\u202b", "\u202c", "\u2066", "\u2067", "\u2068", "\u2069"]
NOT_XML = ["\ufffe", "\uffff", "\U0010ffff", "\ufdd0"]


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def post(world):
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    return thread.posts.get()


@pytest.mark.parametrize("char", TURNING + NOT_XML)
def test_a_comment_with_a_character_that_turns_the_line_or_breaks_xml_is_refused(world, post, char):
    with pytest.raises(RuleViolation) as refused:
        comment_add(actor=world["曹仁"], post=post, kind="push", text=f"好計{char}gpj.exe")
    assert "control characters" in str(refused.value.message)
    assert not Comment.objects.exists()


@pytest.mark.parametrize("char", TURNING + NOT_XML)
def test_a_letter_subject_with_a_character_that_turns_the_line_or_breaks_xml_is_refused(world, char):
    with pytest.raises(RuleViolation) as refused:
        letter_send(actor=world["郭嘉"], recipient="曹仁", subject=f"軍情{char}急", body="速來")
    assert "control characters" in str(refused.value.message)
    assert not Letter.objects.exists()


def test_the_boards_public_feed_stays_well_formed_whatever_a_comment_tries(world, post):
    for text in NOT_XML:
        try:
            comment_add(actor=world["曹仁"], post=post, kind="arrow", text=f"妙{text}")
        except RuleViolation:
            pass
    comment_add(actor=world["王粲"], post=post, kind="push", text="<b>同意</b> & 附議")
    board = world.city("洛陽").board
    response = Client().get(reverse("board-feed", args=[world.campaign.slug, board.pk]))
    root = ET.fromstring(response.content)  # a feed reader's parser: refuses the feed when malformed
    summary = root.find("{http://www.w3.org/2005/Atom}entry/{http://www.w3.org/2005/Atom}summary")
    assert summary is not None and "&lt;b&gt;同意&lt;/b&gt; &amp; 附議" in summary.text


def test_a_comment_in_chinese_with_ordinary_punctuation_and_emoji_is_kept(world, post):
    comment = comment_add(actor=world["曹仁"], post=post, kind="push", text="好計！「妙」～ 👍 e\u0301")
    assert Comment.objects.get().text == comment.text
