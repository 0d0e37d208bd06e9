"""Steps the acts' terminal tests share: opening the duties list or the acts menu from the main
menu, an act by its label, a choice by what it shows, and sending a form."""

import re
import time

from bbs.models import TerminalChoice


def english(world, *names):
    for name in names:
        TerminalChoice.objects.create(user=world[name].user, language="en")


def number_of(screen: str, label: str) -> str:
    """The number of the (first) numbered line that shows `label`."""
    for line in screen.splitlines():
        found = re.match(r"^[> ]*(\d+)\s", line)
        if found and label in line:
            return found.group(1)
    raise AssertionError(f"no numbered line shows {label!r}:\n{screen}")


def wait_for_row(terminal, label: str, timeout: float = 30) -> str:
    """The number of a list's row showing `label`, once there (the status line's notice may show
    the same words before the list has read it)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return number_of(terminal.screen_text(), label)
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def open_menu_line(terminal, label: str, loaded: str) -> str:
    terminal.wait_for("Leave the BBS")
    terminal.cursor_to(label)
    terminal.type("enter")
    return terminal.wait_for(loaded)


def open_act(terminal, label: str, form_line: str) -> str:
    """From the main menu: the acts menu, then the act `label`, until its form shows `form_line`."""
    open_menu_line(terminal, "Acts —", "Choose the act")
    terminal.type(wait_for_row(terminal, label), "enter", "enter")
    terminal.wait_for("[ Send ]")
    return terminal.wait_for(form_line)


def pick(terminal, field: str, option: str) -> None:
    """On a form: the line of `field`, Enter, then the option that shows `option`."""
    terminal.cursor_to(field)
    terminal.type("enter")
    terminal.type(wait_for_row(terminal, option), "enter", "enter")  # the picker's numbered row
    terminal.wait_for("[ Send ]")


def tick(terminal, field: str, *options: str) -> None:
    """On a form: the several-choice line `field`, then each option ticked."""
    terminal.cursor_to(field)
    terminal.type("enter")
    terminal.wait_for("Enter or space ticks")
    for option in options:
        terminal.type(wait_for_row(terminal, option), "enter", " ")
    terminal.type("q")
    terminal.wait_for("[ Send ]")
