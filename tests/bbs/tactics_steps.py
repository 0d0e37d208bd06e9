"""What the hero tactics terminal tests share: accounts that log in over SSH, the menu's way to
the games list, the keys of the picks and the deployment, and one action chosen from the menu by
its words (the test reads the menu's numbers off the screen, as a user does)."""

import re
import time

from django.contrib.auth import get_user_model

from bbs.models import TerminalChoice
from bbs.text import fit

PASSWORD = "a-long-password-2026"
FIRST_PICKS, SECOND_PICKS = [0, 1, 2], [4, 5, 6]  # the roster's rows: 張角 諸葛亮 黃月英, 呂布 龐統 周瑜


def account(name: str, *, language: str = "en", encoding: str = "utf-8"):
    user = get_user_model().objects.create_user(name, f"{name}@example.com", PASSWORD)
    TerminalChoice.objects.create(user=user, language=language, encoding=encoding)
    return user


def open_list(bbs, name: str, *, encoding: str = "utf-8", english: bool = True):
    """The user's terminal on the hero tactics games list, from the main menu."""
    terminal = bbs.connect(name, PASSWORD, encoding=encoding)
    terminal.wait_for("Leave the BBS" if english else "離開")
    terminal.cursor_to("Hero tactics" if english else "戰棋")
    terminal.type("enter")
    terminal.wait_for("No." if english else "編號")
    return terminal


def wait_status(terminal, text: str, timeout: float = 10) -> None:
    wanted = fit(text, 80).rstrip()
    deadline = time.monotonic() + timeout
    while terminal.status_line() != wanted:
        if time.monotonic() > deadline:
            raise AssertionError(f"{wanted!r} not on the status line:\n{terminal.screen_text()}")
        time.sleep(0.05)


def pick(terminal, rows: list[int]) -> None:
    """The roster's rows picked (their first two skills), then sent and confirmed."""
    terminal.wait_for("Pick your heroes")
    at = 0
    for row in rows:
        terminal.type(*["down"] * (row - at), "enter")
        at = row
    terminal.type("s", "y")


def deploy(terminal, side: str) -> None:
    """Heroes 1, 2, 3 put on d, c, b of the side's edge (the cursor starts at e5), then sent."""
    terminal.wait_for("Put each hero")
    terminal.type(*["down" if side == "first" else "up"] * 4)
    for number in "123":
        terminal.type(number, "left", "enter")
    terminal.type("s", "y")


def choose(terminal, words: str, timeout: float = 10) -> None:
    """Enter opens the menu; the item whose words begin with `words` chosen by its number; y."""
    terminal.type("enter")
    deadline = time.monotonic() + timeout
    while True:
        found = re.search(rf"(\d+)\. {re.escape(words)}", terminal.screen_text())
        if found:
            terminal.type(found[1], "y")
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"no {words!r} in the menu:\n{terminal.screen_text()}")
        time.sleep(0.05)
