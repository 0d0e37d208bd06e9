"""Every environment variable the site's code reads is a row of the Configuration table in
docs/operating.md, and every variable the table lists is read: a deployer finds each setting
there, and the table promises none that does nothing. The code is read as source (its syntax trees), so a variable
read only on some path (a refusal, a command's default) counts too."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "config",
    "ops",
    "campaign",
    "forum",
    "delivery",
    "seasons",
    "orders",
    "dashboard",
    "record",
    "analysis",
    "live",
    "accounts",
    "play",
    "battles",
    "games",
    "cities",
    "api",
    "bbs",
    "screens",
    "gamescreens",
    "handbook",
)
# The suite's own settings: what a developer sets for `make test`, in docs/testing.md, not a
# deployer's (pytest-xdist sets PYTEST_XDIST_WORKER itself).
TEST_SETTINGS = Path("config/settings_test.py")
FOR_THE_SUITE = {"TEST_REDIS_URL", "TEST_VAR_DIR"}
# `os.environ.setdefault` only gives Django or the tests a default (DJANGO_SETTINGS_MODULE, the
# test key): it reads nothing a deployer sets, so it is not a read here.


def _name(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _is_environ(node: ast.AST) -> bool:
    """`os.environ` (or a bare `environ`)."""
    return (isinstance(node, ast.Attribute) and node.attr == "environ") or (
        isinstance(node, ast.Name) and node.id == "environ"
    )


def read_in(tree: ast.AST) -> set[str]:
    """The names of `os.environ.get(…)`, `os.environ[…]`, `… in os.environ`, `os.getenv(…)` and the
    settings' `env_flag(…)`."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            function = node.func
            if isinstance(function, ast.Attribute) and function.attr == "get" and _is_environ(function.value):
                found.add(_name(node.args[0]))
            elif isinstance(function, ast.Attribute) and function.attr == "getenv":
                found.add(_name(node.args[0]))
            elif isinstance(function, ast.Name) and function.id in {"getenv", "env_flag"}:
                found.add(_name(node.args[0]))
        elif isinstance(node, ast.Subscript) and _is_environ(node.value) and isinstance(node.ctx, ast.Load):
            found.add(_name(node.slice))
        elif isinstance(node, ast.Compare) and any(_is_environ(c) for c in node.comparators):
            found.add(_name(node.left))
    return found - {None}


def variables_the_code_reads() -> dict[str, list[str]]:
    where: dict[str, list[str]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.relative_to(ROOT) == TEST_SETTINGS:
                continue
            for name in read_in(ast.parse(path.read_text(), str(path))):
                where.setdefault(name, []).append(str(path.relative_to(ROOT)))
    return where


def variables_in_the_table() -> set[str]:
    """The backticked names in the first column of the table under "## Configuration"."""
    operating = (ROOT / "docs" / "operating.md").read_text()
    section = operating.split("\n## Configuration", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]*)`", row.split("|")[1])}


def test_the_scan_finds_each_way_of_reading_the_environment():
    source = """
import os
a = os.environ.get("A_GET", "1")
b = os.environ["B_ITEM"]
c = "C_IN" in os.environ
d = os.getenv("D_GETENV")
e = env_flag("E_FLAG")
os.environ.setdefault("NOT_READ", "x")
os.environ["NOT_READ_EITHER"] = "written"
"""
    assert read_in(ast.parse(source)) == {"A_GET", "B_ITEM", "C_IN", "D_GETENV", "E_FLAG"}


def test_every_environment_variable_the_code_reads_is_in_the_readme_table_and_no_other():
    read = variables_the_code_reads()
    listed = variables_in_the_table()
    assert {"DATABASE_URL", "SECRET_KEY", "BIND"} <= set(read), "the scan found the settings' and runall's reads"
    missing = {name: read[name] for name in sorted(set(read) - listed)}
    assert not missing, f"read by the code but not in docs/operating.md's Configuration table: {missing}"
    unread = sorted(listed - set(read))
    assert not unread, f"in docs/operating.md's Configuration table but read by no code: {unread}"


def test_the_suites_own_variables_are_in_docs_testing_and_nowhere_else():
    """The variables only the test settings read are a developer's: docs/testing.md names them."""
    read = read_in(ast.parse((ROOT / TEST_SETTINGS).read_text())) - {"PYTEST_XDIST_WORKER"}
    assert read == FOR_THE_SUITE
    testing = (ROOT / "docs" / "testing.md").read_text()
    assert all(re.search(rf"`{name}\b", testing) for name in read), read
    assert not read & variables_in_the_table()
