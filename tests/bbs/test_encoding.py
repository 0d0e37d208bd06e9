"""Big5 per connection (the menu's choice, remembered): the screen read as Big5 shows the Chinese
text; invalid Big5 or UTF-8 bytes are replaced, never a crash, and the session goes on."""

from bbs.big5 import big5_drawn
from bbs.models import TerminalChoice
from ops.demo import DEMO_PASSWORD


def test_choosing_big5_in_the_menu_sends_big5_and_the_next_session_starts_in_it(bbs, bbs_world):
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    terminal.wait_for("看板")
    terminal.cursor_to("編碼：")
    terminal.type("enter")
    terminal.set_encoding("big5")  # the user switches their terminal (PCMan) to Big5 too
    terminal.type("\x0c")  # Ctrl-L: redraw
    terminal.wait_for("編碼：Big5")
    assert "主選單" in terminal.screen_text()
    terminal.close()
    assert TerminalChoice.objects.get(user__username="caocao").encoding == "big5"
    again = bbs.connect("caocao", DEMO_PASSWORD, encoding="big5")
    screen = again.wait_for("編碼：Big5")
    assert "曹操" in screen and big5_drawn(bbs_world.campaign.name) in screen  # its · drawn as one column
    again.type("enter")  # the boards, read as Big5
    again.wait_for("許昌")


def test_invalid_bytes_in_either_encoding_change_nothing_and_the_session_goes_on(bbs, bbs_world):
    TerminalChoice.objects.create(user=bbs_world["曹操"].user, encoding="big5")
    terminal = bbs.connect("caocao", DEMO_PASSWORD, encoding="big5")
    terminal.wait_for("看板")
    terminal.send(b"\xff\x81\x00\xfe\x80")  # no Big5 character
    utf8 = bbs.connect("caoren", DEMO_PASSWORD)
    utf8.wait_for("看板")
    utf8.send(b"\xc3\x28\xa0\xa1\xf0\x28\x8c\xbc")  # invalid UTF-8
    for session in (terminal, utf8):
        session.type("enter")
        session.wait_for("許昌")
        assert not session.closed.is_set()
