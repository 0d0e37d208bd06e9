"""Every screen of the terminal keeps the screen contract (bbs/screen.py) that the frame draws and
the games' screens follow; user text is shown through bbs.text.safe and measured by wcwidth."""

from bbs.context import Context
from bbs.screen import Screen
from bbs.text import fit, safe, width, wrap
from screens.boards import BoardList
from screens.menu import MainMenu


def test_the_menu_and_board_screens_are_screens():
    ctx = Context(user=None, language="en")
    for screen in (MainMenu(ctx), BoardList(ctx)):
        assert isinstance(screen, Screen)
        assert screen.help()


def test_escape_sequences_become_visible_text_and_cjk_takes_two_columns():
    assert safe("a\x1b[2Jb\x07\x9b\u202e\tc") == "a^[[2Jb^G<9B><U+202E>    c"
    assert safe("one\ntwo", newlines=False) == "one^Jtwo"
    assert width("看板ab") == 6
    assert fit("看板看板", 5) == "看板 "  # never half a wide character
    assert wrap("看板看板看", 4) == ["看板", "看板", "看"]
