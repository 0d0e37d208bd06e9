"""Every clause of the game's rules (docs/tactics.md) is named by a test of the engine (in a test's
name, like `test_t6_2_…`, or its docstring, like "T6.2"), so that a clause nobody checks shows."""

import ast
import json
import re
from pathlib import Path

HERE = Path(__file__).parent
RULES = HERE.parent.parent.parent / "docs" / "tactics.md"
# T17 is the game as a battle of the war: the war's own tests will name it, not the engine's.
THE_WARS = {"T17"}


def clauses() -> set[str]:
    """The ids the rules page defines: each bullet's bold id, and each section without bullets."""
    text = RULES.read_text(encoding="utf-8")
    found = set()
    for first, last, whole in re.findall(r"^- \*\*T(\d+)\.(\d+)(?:–T\d+\.(\d+))?\*\*", text, flags=re.M):
        found |= {f"T{first}.{n}" for n in range(int(last), int(whole or last) + 1)}
    sections = set(re.findall(r"^## (T\d+) ", text, flags=re.M))
    return (found | {s for s in sections if not any(c.startswith(s + ".") for c in found)}) - THE_WARS


def named() -> set[str]:
    """The clause ids the tests name."""
    found = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = node.name + " " + (ast.get_docstring(node) or "")
                found |= {f"T{a}.{b}" for a, b in re.findall(r"t(\d+)_(\d+)_", node.name)}
                found |= {f"T{a}" for a in re.findall(r"(?:^|_)t(\d+)_(?!\d)", node.name)}
                found |= set(re.findall(r"T\d+(?:\.\d+)?", text))
    return found


def test_t18_every_clause_of_the_rules_is_named_by_a_test():
    assert len(clauses()) > 60
    missing = sorted(clauses() - named(), key=lambda c: [int(p) for p in c[1:].split(".")])
    assert missing == []


def test_t18_the_chinese_rules_have_the_same_clauses_in_the_same_order():
    chinese = RULES.with_name("tactics.zh-Hant.md").read_text(encoding="utf-8")
    english = RULES.read_text(encoding="utf-8")
    ids = re.compile(r"^(?:## |- \*\*)(T\d+(?:\.\d+)?(?:–T\d+\.\d+)?)", flags=re.M)
    assert ids.findall(chinese) == ids.findall(english)


def test_t14_3_every_skill_of_every_hero_is_named_by_a_test():
    """Each of the 81 skills has a test whose name carries its English name (`eight_gate_array`)."""
    data = json.loads((HERE.parent.parent.parent / "games" / "tactics" / "data" / "heroes.json").read_text("utf-8"))
    tests = " ".join(
        n.name
        for p in HERE.glob("test_*.py")
        for n in ast.walk(ast.parse(p.read_text("utf-8")))
        if isinstance(n, ast.FunctionDef)
    )
    snake = {s["zh"]: re.sub(r"[^a-z]+", "_", s["en"].lower()).strip("_") for h in data["heroes"] for s in h["skills"]}
    assert len(snake) == 81
    assert sorted(zh for zh, name in snake.items() if name not in tests) == []
