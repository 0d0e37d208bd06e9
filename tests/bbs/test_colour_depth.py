"""How many colours the terminal is drawn in, over real SSH: a terminal of the PCMan era (TERM
vt100, vt220, ansi or linux) or a Big5 session gets prompt_toolkit's 16 colours, since such
terminals read 256-colour codes wrongly; a UTF-8 xterm gets 256. The dashboard's kingdoms are
drawn in colour, so it shows which."""

import pytest

from bbs.models import TerminalChoice
from ops.demo import DEMO_PASSWORD
from tests.bbs.terminal import cells_of
from tests.bbs.test_war_dashboard import english, open_dashboard

COLOURS_256 = b"38;5;"  # SGR's 256-colour foreground


@pytest.mark.parametrize("term", ["vt100", "vt220", "ansi"])
def test_a_terminal_of_the_pcman_era_is_drawn_in_16_colours(bbs, bbs_world, term):
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD, term_type=term)
    open_dashboard(terminal)
    assert COLOURS_256 not in bytes(terminal.raw)
    assert cells_of(terminal, "魏")[0].fg == "blue"  # the kingdom's hue as an ANSI colour


def test_a_big5_session_is_drawn_in_16_colours_whatever_its_terminal(bbs, bbs_world):
    TerminalChoice.objects.create(user=bbs_world["劉備"].user, encoding="big5")
    terminal = bbs.connect("liubei", DEMO_PASSWORD, encoding="big5")  # TERM xterm
    open_dashboard(terminal, "離開")
    assert COLOURS_256 not in bytes(terminal.raw)
    assert cells_of(terminal, "蜀")[0].fg == "green"


def test_a_utf8_xterm_is_drawn_in_256_colours(bbs, bbs_world):
    english(bbs_world, "曹操")
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    open_dashboard(terminal)
    assert COLOURS_256 in bytes(terminal.raw)
