"""The architecture map (docs/architecture.md, "The tree") tells the truth about the tree: every
top-level folder and every module or package directly inside an app is named there, and every
name there exists. A newcomer who reads the map finds each thing where it says, and a package
added or moved without redrawing the map fails here."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Top-level folders that are not part of the project's own tree.
NOT_OURS = {"var", "node_modules"}
# Folders the map describes as a whole (the tests mirror the apps; their own map is docs/testing.md).
AS_A_WHOLE = {"tests"}
# Inside an app: what every Django app has and a reader does not look for in a map.
ALWAYS_THERE = {"__init__.py", "apps.py", "__pycache__"}
ENTRY = re.compile(r"^[A-Za-z_][\w.]*/?$")


def the_map() -> dict[str, set[str]]:
    """Each top-level folder the map names, with the entries named on its indented lines."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    block = text.split("\n## The tree\n", 1)[1].split("```\n", 1)[1].split("\n```", 1)[0]
    named: dict[str, set[str]] = {}
    folder = ""
    for line in block.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        names = line.strip().split("  ", 1)[0]
        if indent == 0:
            folder = names.rstrip("/")
            named[folder] = set()
        elif indent == 2:
            named[folder] |= {name.strip() for name in names.split(",")}
    return named


def the_tree() -> dict[str, set[str]]:
    """Each top-level folder; inside each Python package, its modules and folders."""
    tree: dict[str, set[str]] = {}
    for folder in sorted(ROOT.iterdir()):
        if not folder.is_dir() or folder.name.startswith(".") or folder.name in NOT_OURS:
            continue
        tree[folder.name] = set()
        if (folder / "__init__.py").exists() and folder.name not in AS_A_WHOLE:
            tree[folder.name] = {
                entry.name + ("/" if entry.is_dir() else "")
                for entry in folder.iterdir()
                if entry.name not in ALWAYS_THERE and (entry.is_dir() or entry.suffix == ".py")
            }
    return tree


def test_the_map_is_read_as_entries():
    named = the_map()
    assert {"campaign", "battles", "bbs", "tests"} <= set(named)
    assert "timers.py" in named["campaign"] and "judge" not in named["games"]
    assert all(ENTRY.match(name) for entries in named.values() for name in entries), named


def test_every_top_level_folder_is_on_the_map_and_nothing_else():
    assert set(the_map()) == set(the_tree())


def test_every_module_and_package_of_an_app_is_on_the_map_and_exists():
    named, tree = the_map(), the_tree()
    missing = {f"{folder}/{entry}" for folder, entries in tree.items() for entry in entries - named[folder]}
    invented = {f"{folder}/{entry}" for folder, entries in named.items() for entry in entries - tree.get(folder, set())}
    assert missing == set(), "on the tree but not on the map"
    assert invented == set(), "on the map but not in the tree"
