"""The rules page (/rules/): the rules in the reader's language (the site's language switch), one
anchor per clause with a table of contents, reached from every page's header, and read without
touching the database beyond the visitor's session."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from handbook.rules_text import rules_page

# Queries for the anonymous visitor (none) and for one logged in (the session and the user).
PINNED = {"anonymous": 0, "logged in": 2}


@pytest.mark.parametrize(
    ("language", "title", "words"),
    [("zh-hant", "戰爭規則", "無人接戰"), ("en", "Rules of the war", "A siege call nobody answers")],
)
def test_the_page_anchors_every_clause_in_the_readers_language(client, db, language, title, words):
    """Every clause id (R1 … R12, R1.1 … R11.7) is an anchor and an entry of the contents, in the
    language chosen with the site's switch (zh-Hant unless chosen)."""
    if language != "zh-hant":
        client.cookies["django_language"] = language
    response = client.get(reverse("handbook:rules"))
    page = response.content.decode()
    assert response.status_code == 200 and response.headers["Content-Language"] == language
    assert f"<h1>{title}</h1>" in page and words in page
    anchors = set(re.findall(r'<h[23] id="(R[^"]+)"', page))
    contents = page[page.index('class="rules-contents"') : page.index("</nav>", page.index('class="rules-contents"'))]
    listed = set(re.findall(r'href="#([^"]+)"', contents))
    assert anchors == listed == rules_page(language).anchors
    assert {"R1", "R1.1", "R7.3", "R11.7", "R12"} <= anchors and len(anchors) == 71


def test_the_header_of_every_page_links_to_the_rules(client, db):
    page = client.get(reverse("home")).content.decode()
    header = page[page.index('<header class="top">') : page.index("</header>")]
    assert f'href="{reverse("handbook:rules")}">規則</a>' in header


@pytest.mark.parametrize("visitor", sorted(PINNED))
def test_the_rules_page_reads_a_pinned_number_of_queries(client, db, django_assert_num_queries, visitor):
    if visitor == "logged in":
        client.force_login(User.objects.create_user("reader", password="not used"))
    url = reverse("handbook:rules")
    client.get(url)  # the first read of a session writes its presence (R2.6)
    with django_assert_num_queries(PINNED[visitor]):
        assert client.get(url).status_code == 200


def test_the_page_answers_get_only(client, db):
    assert client.post(reverse("handbook:rules")).status_code == 405


def test_the_chinese_page_leaves_no_english_word(client, db):
    """As every page of the site (tests/pages/test_words.py): in Chinese no English word but clause
    ids, the allowed names and notations marked as no text to translate (1.Nf3, b3xb1)."""
    from tests.pages.test_words import leftovers, visible_text

    page = client.get(reverse("handbook:rules")).content.decode()
    menu = ["English"]  # the language switch names each language in itself
    words = {w for part in visible_text(page, "zh-hant") for w in leftovers(part, "zh-hant", menu)}
    assert words == set()
