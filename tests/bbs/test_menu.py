"""The main menu, in both languages (Traditional Chinese by default, English), its help, and the
language and encoding choices remembered for the user's next session."""

from bbs.models import TerminalChoice
from ops.demo import DEMO_PASSWORD


def test_the_menu_is_in_chinese_by_default_and_in_english_once_chosen_and_remembered(bbs, bbs_world):
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("主選單")
    terminal.wait_for("看板")
    terminal.cursor_to("語言：")
    terminal.type("enter")
    terminal.wait_for("Boards")
    terminal.close()
    again = bbs.connect("caocao", DEMO_PASSWORD)
    again.wait_for("Leave the BBS")
    assert TerminalChoice.objects.get(user__username="caocao").language == "en"


def test_help_is_shown_on_question_mark_and_any_key_closes_it(bbs, bbs_world):
    TerminalChoice.objects.create(user=bbs_world["曹操"].user, language="en")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("Leave the BBS")
    terminal.type("?")
    terminal.wait_for("any key closes this help")
    terminal.type("x")
    terminal.wait_for("Leave the BBS")


def test_q_on_the_main_menu_then_y_leaves_the_bbs(bbs, bbs_world):
    """q on the main menu asks first, as PTT (tests/bbs/test_ptt_keys.py); y leaves."""
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("曹操")
    terminal.type("q")
    terminal.wait_for("(Y/N)")
    terminal.type("y")
    assert terminal.wait_closed()


def test_a_notice_to_the_officers_group_shows_on_the_status_line_in_the_sessions_language(bbs, bbs_world):
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    from campaign.services.notices import officer_group

    officer = bbs_world["曹操"]
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("看板")
    message = {  # the shape campaign/services/notices.py sends the pages' notices socket
        "type": "duties.notice",
        "kind": "new",
        "count": 1,
        "keys": ["call:1"],
        "key": "call:1",
        "path": "/",
        "deadline": None,
        "text": {"zh-hant": "漢中告急：守城叫陣", "en": "Hanzhong: a siege call"},
    }
    deadline = __import__("time").monotonic() + 10
    while "漢中告急" not in terminal.screen_text() and __import__("time").monotonic() < deadline:
        async_to_sync(get_channel_layer().group_send)(officer_group(officer.pk), message)
        __import__("time").sleep(0.5)  # the session joins its officer's group within a second
    terminal.wait_for("漢中告急：守城叫陣")


def test_an_idle_session_keeps_its_notices_connection_to_redis_open(bbs, bbs_world):
    """A session waiting for its notices holds one receive on the channel layer: it looks at its
    officer each second without cancelling that receive (a cancelled pop made the layer close its
    Redis connection and open another, each second for each session: a hundred sessions were a
    hundred reconnections a second and a tenth of the server's CPU, bench/bbs.py)."""
    import time

    import redis
    from django.conf import settings

    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("看板")
    time.sleep(2)  # the session has joined its group and waits
    stats = redis.Redis.from_url(settings.REDIS_URL)
    before = stats.info("stats")["total_connections_received"]
    time.sleep(4)
    assert stats.info("stats")["total_connections_received"] - before <= 1  # (Redis's own count)
    assert "看板" in terminal.screen_text()  # still there
