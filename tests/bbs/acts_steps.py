"""Steps the acts' terminal tests share: opening the duties list or the acts menu from the main
menu, an act by its label, a choice by what it shows, and sending a form."""

import re

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


def open_menu_line(terminal, label: str, loaded: str) -> str:
    terminal.wait_for("Leave the BBS")
    terminal.cursor_to(label)
    terminal.type("enter")
    return terminal.wait_for(loaded)


def open_act(terminal, label: str, form_line: str) -> str:
    """From the main menu: the acts menu, then the act `label`, until its form shows `form_line`."""
    screen = open_menu_line(terminal, "Acts —", "Choose the act")
    screen = terminal.wait_for(label)
    terminal.type(number_of(screen, label), "enter", "enter")
    terminal.wait_for("[ Send ]")
    return terminal.wait_for(form_line)


def pick(terminal, field: str, option: str) -> None:
    """On a form: the line of `field`, Enter, then the option that shows `option`."""
    terminal.cursor_to(field)
    terminal.type("enter")
    screen = terminal.wait_for(option)
    terminal.type(number_of(screen, option), "enter", "enter")
    terminal.wait_for("[ Send ]")


def tick(terminal, field: str, *options: str) -> None:
    """On a form: the several-choice line `field`, then each option ticked."""
    terminal.cursor_to(field)
    terminal.type("enter")
    terminal.wait_for("Enter or space ticks")
    for option in options:
        screen = terminal.wait_for(option)
        terminal.type(number_of(screen, option), "enter", " ")
    terminal.type("q")
    terminal.wait_for("[ Send ]")
