"""The terminal's keys are single keys, as PTT's: no screen binds a chord (Esc d, Ctrl-X Ctrl-E),
so the frame's key processor looks for none (bbs/frame_application.py `SingleKeyProcessor`: a
chord bound by a screen would never be matched, its first key taken alone). Every binding made in
the terminal's code is read here: a KeyBindings `add` of two keys or more fails this test first."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
TERMINAL = (ROOT / "bbs", ROOT / "screens", ROOT / "gamescreens")


def chords_bound(source: str) -> list[int]:
    """The lines of `source` with an `….add(key, key, …)` call: a binding of two keys or more."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add":
            if len([arg for arg in node.args if not isinstance(arg, ast.Starred)]) >= 2:
                lines.append(node.lineno)
    return lines


def test_no_screen_of_the_terminal_binds_a_chord():
    assert chords_bound('keys.add("escape", "d")(quit)\nkeys.add("q")(back)\nseen.add(x)') == [1]
    found = {
        str(path.relative_to(ROOT)): chords_bound(path.read_text())
        for folder in TERMINAL
        for path in folder.rglob("*.py")
    }
    assert {path: lines for path, lines in found.items() if lines} == {}
