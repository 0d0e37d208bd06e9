"""The terminal finds its screens by name (bbs/registry.py), as the site's pages are found by their
URL names: every name a screen opens is registered, by one screen, and each registered name makes
a screen (a container, keys, a help text). A name opened but never registered would leave an
officer's key doing nothing; two screens under one name would open the wrong one."""

import ast
import configparser
import re
from pathlib import Path

import pytest

import gamescreens.all_screens  # noqa: F401  (every game screen module, registered)
import screens.all_screens  # noqa: F401  (every other screen module, registered)
from bbs.registry import SCREENS, screen
from bbs.screen import Screen

ROOT = Path(__file__).resolve().parent.parent.parent
TERMINAL = (ROOT / "bbs", ROOT / "screens", ROOT / "gamescreens")  # the engine, its screens and its game screens
OPENED = re.compile(r"screen_(?:open|make)\(\s*[\w.]+,\s*f?\"([^\"]+)\"")


def opened_names() -> set[str]:
    """Every name the terminal's code opens a screen by (an f-string's name with its braces)."""
    names = set()
    for path in (path for folder in TERMINAL for path in folder.rglob("*.py")):
        names |= set(OPENED.findall(path.read_text()))
    return names


def test_every_name_a_screen_opens_is_registered():
    opened = opened_names()
    assert {"main-menu", "boards", "dashboard", "siege", "army", "city", "game"} <= opened
    literal = {name for name in opened if "{" not in name}
    assert literal - set(SCREENS) == set()
    # `game-{opening}` (gamescreens/games/open.py): the live board and the replay
    assert {"game-live", "game-replay"} <= set(SCREENS)


def test_every_registered_screen_is_opened_somewhere():
    opened = opened_names()
    patterns = [re.compile("^" + re.escape(name).replace(r"\{opening\}", "[a-z]+") + "$") for name in opened]
    unopened = {name for name in SCREENS if not any(p.match(name) for p in patterns)}
    assert unopened == set()


def test_a_second_screen_under_a_taken_name_is_refused():
    with pytest.raises(ValueError, match="two screens are named 'siege'"):
        screen("siege")(type("Another", (), {}))
    assert SCREENS["siege"].__name__ == "SiegeScreen"


def test_each_registered_class_is_a_screen():
    classes = {name: maker for name, maker in SCREENS.items() if isinstance(maker, type)}
    assert len(classes) >= 14
    for name, cls in classes.items():
        for member in ("container", "key_bindings", "help", "start", "stop"):
            assert callable(getattr(cls, member, None)), f"{name}: {cls.__name__} has no {member}()"
    assert issubclass(SCREENS["main-menu"], object) and Screen is not None


def test_no_screen_module_imports_another_inside_a_function():
    """A function-level import of a screen was how screens found one another (and made cycles)."""
    screen_modules = {maker.__module__ for maker in SCREENS.values()}
    found = []
    for path in (path for folder in TERMINAL for path in folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and inner.module in screen_modules:
                        found.append(f"{path.name}: {inner.module}")
    assert found == []


def test_every_module_that_registers_a_screen_is_kept_apart_by_the_contract():
    """The contract that no screen imports another (.importlinter, screens-apart) holds only for
    the modules it lists: a module that registers a screen and is not listed could import, or be
    imported by, any other screen unseen."""
    contracts = configparser.ConfigParser()
    contracts.read(ROOT / ".importlinter")
    apart = set(contracts["importlinter:contract:screens-apart"]["modules"].split())
    registering = {maker.__module__ for maker in SCREENS.values()}
    assert {"screens.war.siege", "screens.menu", "gamescreens.games.live", "gamescreens.tactics.game"} <= registering
    assert registering - apart == set()
