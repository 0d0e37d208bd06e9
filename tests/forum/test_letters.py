"""Letters (站內信) between officers of a campaign: a web user writes, the recipient sees the unread
count in the menu and reads it; only the two of them read it (R1.5: to another officer it is not
found, 404, as an id that is no letter); every refusal names what is wrong and changes nothing;
Markdown is made safe as a post's; each side removes the letter from its own box."""

import pytest
import redis
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from campaign.errors import RuleViolation, TooFast
from campaign.models import Notice
from forum.models import Letter
from forum.selectors.letters import letter_notice, letters_inbox, letters_sent, unread_count
from forum.services.letters import letter_read, letter_remove, letter_send
from tests.worlds import make_world


@pytest.fixture(autouse=True)
def _fresh_rates(world):
    """The boards' posting rate is counted in Redis by officer id, which other tests reuse."""
    names = ("郭嘉", "荀彧", "孫權", "曹操")
    redis.Redis.from_url(settings.REDIS_URL).delete(*[f"post-rate:{world[n].pk}" for n in names])


def _url(world, name: str, *args) -> str:
    return reverse(name, args=[world.campaign.slug, *args])


def _count(page: str) -> int:
    """The unread count in the menu bar."""
    start = page.index('id="letter-count"')
    return int(page[page.index(">", start) + 1 : page.index("</span>", start)])


def test_a_letter_sent_on_the_site_shows_unread_in_the_recipients_menu_until_read(world, client):
    client.force_login(world["郭嘉"].user)
    page = client.post(
        _url(world, "letter-send"),
        {"recipient": "荀彧", "subject": "軍糧", "body": "洛陽**糧草**將盡", "nonce": "a1"},
        follow=True,
    ).content.decode()
    assert "荀彧" in page and "軍糧" in page  # the sent letters
    letter = Letter.objects.get()
    assert (letter.sender.name, letter.recipient.name, letter.read_at) == ("郭嘉", "荀彧", None)

    client.force_login(world["荀彧"].user)
    inbox = client.get(_url(world, "letters")).content.decode()
    assert _count(inbox) == 1
    assert f'class="unread" data-letter="{letter.pk}"' in inbox
    read = client.get(_url(world, "letter", letter.pk)).content.decode()
    assert "洛陽<strong>糧草</strong>將盡" in read
    assert _count(read) == 0, "the count follows the letter just read"
    assert Letter.objects.get().read_at is not None
    inbox = client.get(_url(world, "letters")).content.decode()
    assert _count(inbox) == 0 and 'class="unread"' not in inbox


def test_r1_5_only_the_sender_and_the_recipient_read_a_letter_and_to_others_it_is_not_found(world, client):
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="密", body="只給你")
    for name, status in (("孫權", 404), ("曹操", 404), ("郭嘉", 200), ("荀彧", 200)):
        client.force_login(world[name].user)
        response = client.get(_url(world, "letter", letter.pk))
        assert response.status_code == status, name
        if status == 404:  # as an id that is no letter: probing ids tells nothing
            assert "只給你" not in response.content.decode()
            assert client.get(_url(world, "letter", letter.pk + 99)).status_code == 404
    with pytest.raises(Letter.DoesNotExist):
        letter_read(actor=world["孫權"], letter_id=letter.pk)
    with pytest.raises(Letter.DoesNotExist):
        letter_remove(actor=world["孫權"], letter_id=letter.pk)
    client.logout()
    assert client.get(_url(world, "letter", letter.pk)).status_code == 302  # to log in


def test_reading_ones_own_sent_letter_does_not_mark_it_read(world):
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="密", body="x")
    letter_read(actor=world["郭嘉"], letter_id=letter.pk)
    assert Letter.objects.get().read_at is None and unread_count(officer=world["荀彧"]) == 1


@pytest.mark.parametrize(
    "recipient, subject, body, words",
    [
        ("", "s", "b", "needs a recipient"),
        ("無名氏", "s", "b", "no officer named “無名氏”"),
        ("郭嘉", "s", "b", "not to oneself"),
        ("荀彧", "  ", "b", "needs a subject"),
        ("荀彧", "s", " \n ", "needs some text"),
        ("荀彧", "s" * 121, "b", "at most 120"),
        ("荀彧", "s", "b" * 20_001, "at most 20000"),
        ("荀彧", "s", "a\x00b", "control characters"),
        ("荀彧", "a\nb", "b", "control characters"),
    ],
)
def test_a_refused_letter_names_what_is_wrong_and_sends_nothing(world, recipient, subject, body, words):
    with translation.override("en"), pytest.raises(RuleViolation) as refused:
        letter_send(actor=world["郭嘉"], recipient=recipient, subject=subject, body=body)
    assert words in str(refused.value.message)
    assert not Letter.objects.exists() and not Notice.objects.exists()


def test_a_letter_to_an_officer_of_another_campaign_is_refused(world):
    other = make_world(slug="other-war", name="另一戰")
    with translation.override("en"), pytest.raises(RuleViolation, match="same campaign"):
        letter_send(actor=world["郭嘉"], recipient=other["荀彧"], subject="s", body="b")
    assert not Letter.objects.exists()


def test_a_refusal_is_shown_in_the_readers_language_with_the_text_kept(world, client):
    client.force_login(world["郭嘉"].user)
    compose = _url(world, "letter-new")
    page = client.post(
        _url(world, "letter-send"),
        {"recipient": "無名氏", "subject": "急報", "body": "敵軍將至"},
        headers={"referer": compose},
        follow=True,
    ).content.decode()
    assert "無名氏" in page and 'value="急報"' in page and ">敵軍將至</textarea>" in page
    assert not Letter.objects.exists()


def test_letters_count_in_the_boards_posting_rate(world, settings):
    """BOARD_POST_RATE: a letter is an officer's post to one reader; past it, refused (429 in the API)."""
    settings.BOARD_POST_RATE = "2/min"
    guo = world["郭嘉"]
    letter_send(actor=guo, recipient="荀彧", subject="一", body="一")
    letter_send(actor=guo, recipient="荀彧", subject="二", body="二")
    with pytest.raises(TooFast) as refused:
        letter_send(actor=guo, recipient="荀彧", subject="三", body="三")
    assert "2" in str(refused.value.message) and refused.value.retry_after > 0
    assert Letter.objects.count() == 2


def test_a_letter_with_script_shows_it_as_text(world, client):
    letter = letter_send(
        actor=world["郭嘉"],
        recipient="荀彧",
        subject="<b>hi</b>",
        body="**bold** <script>alert('x')</script> <img src=x onerror=alert(1)> [a](javascript:alert(1))",
    )
    client.force_login(world["荀彧"].user)
    page = client.get(_url(world, "letter", letter.pk)).content.decode()
    assert "<strong>bold</strong>" in page and "&lt;script&gt;alert(" in page and "<script>alert(" not in page
    assert "<img src=x" not in page and 'href="javascript' not in page
    assert "&lt;b&gt;hi&lt;/b&gt;" in page


def test_the_same_form_sent_twice_sends_one_letter(world):
    first = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="s", body="b", nonce="n1")
    again = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="s", body="b", nonce="n1")
    assert first.pk == again.pk and Letter.objects.count() == 1 and Notice.objects.count() == 1


def test_a_reply_goes_to_the_other_side_and_names_the_letter_it_answers(world, client):
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="問", body="?")
    client.force_login(world["荀彧"].user)
    page = client.get(_url(world, "letter", letter.pk)).content.decode()
    assert 'name="recipient" value="郭嘉"' in page and 'value="Re: 問"' in page
    reply = letter_send(actor=world["荀彧"], recipient="", subject="Re: 問", body="!", reply_to=letter.pk)
    assert (reply.recipient.name, reply.reply_to_id) == ("郭嘉", letter.pk)
    with pytest.raises(RuleViolation, match="R1.5"):  # another's letter, by id: as none
        letter_send(actor=world["孫權"], recipient="郭嘉", subject="x", body="y", reply_to=letter.pk)


def test_each_side_removes_a_letter_from_its_own_box_only(world, client):
    guo, xun = world["郭嘉"], world["荀彧"]
    letter = letter_send(actor=guo, recipient="荀彧", subject="s", body="b")
    letter_remove(actor=xun, letter_id=letter.pk)
    assert list(letters_inbox(officer=xun, page=1)) == [] and unread_count(officer=xun) == 0
    assert list(letters_sent(officer=guo, page=1)) == [letter]
    with pytest.raises(Letter.DoesNotExist):
        letter_read(actor=xun, letter_id=letter.pk)  # gone from the recipient's box
    client.force_login(guo.user)
    response = client.post(_url(world, "letter-remove", letter.pk), follow=True)
    assert response.status_code == 200 and list(letters_sent(officer=guo, page=1)) == []
    assert client.get(_url(world, "letter", letter.pk)).status_code == 404


def test_a_letters_notice_is_in_the_outbox_and_not_among_the_duties(world):
    from battles.selectors.duties import officer_duties
    from campaign import clock

    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="軍糧", body="b")
    notice = Notice.objects.get()
    assert (notice.officer.name, notice.key) == ("荀彧", f"letter:{letter.pk}")
    told = letter_notice(officer=world["荀彧"], key=notice.key)
    assert "郭嘉" in told["zh-hant"].summary and "軍糧" in told["en"].summary
    assert told["en"].path == _url(world, "letter", letter.pk) and told["en"].kind == "letter"
    assert not [d for d in officer_duties(officer=world["荀彧"], now=clock.now()) if d.key == notice.key]
    letter_read(actor=world["荀彧"], letter_id=letter.pk)
    assert letter_notice(officer=world["荀彧"], key=notice.key) == {"zh-hant": None, "en": None}, "read: not sent"


def test_the_inbox_is_paged_the_latest_first(world, client):
    """20 letters a page, the latest first; the next page holds the rest."""
    for n in range(25):
        redis.Redis.from_url(settings.REDIS_URL).delete(f"post-rate:{world['郭嘉'].pk}")
        letter_send(actor=world["郭嘉"], recipient="荀彧", subject=f"第{n}封", body="b")
    first, second = letters_inbox(officer=world["荀彧"], page=1), letters_inbox(officer=world["荀彧"], page=2)
    assert [letter.subject for letter in first][:2] == ["第24封", "第23封"] and len(first) == 20
    assert [letter.subject for letter in second] == [f"第{n}封" for n in range(4, -1, -1)]
    client.force_login(world["荀彧"].user)
    page = client.get(_url(world, "letters") + "?page=2").content.decode()
    assert "第0封" in page and "第24封" not in page and "?page=1" in page


def test_an_officers_page_offers_to_write_to_them(world, client):
    client.force_login(world["郭嘉"].user)
    page = client.get(_url(world, "officer", world["荀彧"].pk)).content.decode()
    link = _url(world, "letter-new") + "?to=%E8%8D%80%E5%BD%A7"
    assert link in page
    assert 'value="荀彧"' in client.get(link).content.decode()
    own = client.get(_url(world, "officer", world["郭嘉"].pk)).content.decode()
    assert "?to=" not in own


@pytest.mark.parametrize(
    "page, queries",
    [("letters", 11), ("letters-sent", 11), ("letter-new", 10), ("letter", 14)],
)
def test_the_letters_pages_read_a_pinned_number_of_queries(world, client, django_assert_num_queries, page, queries):
    """Whatever the number of letters: the session, the user, the campaign, the officer with their
    unread count (one subquery, no query of its own), the menu's duties (4 in a city) and its check
    whether they govern a city; then the box (count and page), the names to write to, or the letter
    (read; marked read with the outbox's notice looked up, in a savepoint)."""
    letter_send(actor=world["荀彧"], recipient="郭嘉", subject="回", body="b")
    for n in range(30):
        letter = letter_send(actor=world["郭嘉" if n % 2 else "曹操"], recipient="荀彧", subject=f"{n}", body="b")
        redis.Redis.from_url(settings.REDIS_URL).delete(
            f"post-rate:{world['郭嘉'].pk}", f"post-rate:{world['曹操'].pk}"
        )
    client.force_login(world["荀彧"].user)
    url = _url(world, page, letter.pk) if page == "letter" else _url(world, page)
    client.get(_url(world, "letters"))  # the first read of a session writes its presence
    with django_assert_num_queries(queries):
        assert client.get(url).status_code == 200


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_the_letters_pages_speak_the_readers_language(world, client, language):
    """Every page of the letters, with letters in them (unread, read, answered), in Chinese and in
    English: no word left in the other language, no raw value (tests/pages/test_words.py)."""
    from tests.pages.test_words import leftovers, names, visible_text

    first = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="軍糧", body="洛陽**糧草**將盡")
    letter_read(actor=world["荀彧"], letter_id=first.pk)
    reply = letter_send(actor=world["荀彧"], recipient="", subject="Re: 軍糧", body="即刻", reply_to=first.pk)
    known = names() + ["Re: 軍糧", "Re", "軍糧", "洛陽", "糧草", "將盡", "即刻"]  # what users wrote
    client.cookies["django_language"] = language
    found = {}
    for name, letter in (("郭嘉", reply), ("荀彧", first)):
        client.force_login(world[name].user)
        for url in (
            _url(world, "letters"),
            _url(world, "letters-sent"),
            _url(world, "letter-new") + "?to=曹操",
            _url(world, "letter", letter.pk),
            _url(world, "letter", first.pk),
        ):
            response = client.get(url)
            assert response.status_code == 200, url
            for part in visible_text(response.content.decode(), language):
                for word in leftovers(part, language, known):
                    found.setdefault(word, f"{url} ({name}): {part[:80]}")
    assert not found, found


def test_r10_6_a_prisoner_writes_and_receives_letters_as_writing_is_neither_moving_fighting_nor_scheming(world):
    """A prisoner's letters are allowed both ways (R10.6 forbids moving, fighting and scheming):
    the ransom is negotiated by letter, as on the forum."""
    from battles.services.prisoners import prisoner_take
    from campaign import clock

    wei = world["曹操"].kingdom
    prisoner_take(officer=world["魏延"], captor=wei, held_in=world.city("長安"), at=clock.now())
    plea = letter_send(actor=world["魏延"], recipient="曹操", subject="贖金", body="願以百金自贖")
    answer = letter_send(actor=world["曹操"], recipient="", subject="Re: 贖金", body="准", reply_to=plea.pk)
    assert (plea.recipient.name, answer.recipient.name) == ("曹操", "魏延")
    assert world["魏延"].whereabouts == "prisoner"
