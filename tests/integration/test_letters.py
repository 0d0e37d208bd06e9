"""A letter's notice with real parts: written with the letter, delivered by a real worker to the
recipient's group on the channel layer (their open pages) once, in both languages, with their
unread count; reading it tells every open page the count dropped and drops the notice."""

import pytest

from forum.services.letters import letter_read, letter_send
from tests.integration.test_notices import Listener
from tests.worlds import make_world

pytestmark = pytest.mark.integration


def test_a_letter_reaches_the_recipients_open_pages_and_reading_it_clears_their_count(start_worker):
    world = make_world()
    start_worker(sweep_seconds=1)
    reader, outsider = Listener(world["荀彧"].pk), Listener(world["郭嘉"].pk)
    letter = letter_send(actor=world["郭嘉"], recipient="荀彧", subject="軍糧", body="b")
    got = [m for m in reader.messages(6) if m.get("key") == letter.notice_key]
    assert len(got) == 1, got
    assert got[0]["kind"] == "notice" and got[0]["letters"] == 1
    assert "郭嘉" in got[0]["text"]["zh-hant"] and "A letter from 郭嘉: 軍糧" == got[0]["text"]["en"]
    assert got[0]["path"] == f"/c/{world.campaign.slug}/letters/{letter.pk}/"
    assert not outsider.messages(0.5), "nothing to the sender"
    letter_read(actor=world["荀彧"], letter_id=letter.pk)
    after = reader.messages(6)
    assert [(m["kind"], m["letters"], m["gone"]) for m in after] == [("duties", 0, letter.notice_key)]
