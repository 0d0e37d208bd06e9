"""A Big5 terminal (PCMan) draws every double-byte character two columns wide: what the frame
sends in Big5 takes, drawn that way, no more columns than the terminal has, so the status line
stays on the last row and the columns of a table stay under their heads (wcwidth would count the
arrows, dashes and stars of the menus and help lines as one column each)."""

from bbs.models import TerminalChoice
from ops.demo import DEMO_PASSWORD
from tests.bbs.test_war_dashboard import open_dashboard


def big5_columns(line: str) -> int:
    """The columns a Big5 terminal draws `line` in: two for each double-byte character."""
    return sum(2 if len(char.encode("cp950", errors="replace")) == 2 else 1 for char in line)


def big5_user(world) -> None:
    TerminalChoice.objects.create(user=world["曹操"].user, encoding="big5")  # chosen in an earlier session


def assert_fits(screen: str) -> None:
    for line in screen.splitlines():
        assert big5_columns(line) <= 80, f"{big5_columns(line)} columns in Big5: {line!r}"


def test_the_menu_and_its_status_line_fit_80_columns_as_a_big5_terminal_draws_them(bbs, bbs_world):
    big5_user(bbs_world)
    terminal = bbs.connect("caocao", DEMO_PASSWORD, encoding="big5")
    screen = terminal.wait_for("離開")
    assert "q/<" in screen and "←" not in screen  # the arrow a Big5 terminal would draw two columns wide
    assert "看板 - 各城看板" in screen
    assert_fits(screen)
    terminal.type("?")
    assert_fits(terminal.wait_for("說明"))


def test_the_dashboard_fits_80_columns_as_a_big5_terminal_draws_it(bbs, bbs_world):
    big5_user(bbs_world)
    terminal = bbs.connect("caocao", DEMO_PASSWORD, encoding="big5")
    screen = open_dashboard(terminal, "離開")
    assert "許昌" in screen
    assert_fits(screen)
