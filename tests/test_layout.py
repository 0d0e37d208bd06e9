"""The tree keeps the shape the README's map describes (STYLE.md: small files named for what they
hold): no module over 400 lines, no function over 60, and comments and docstrings that say what
and why, not which issue asked for it (the history belongs to git). Migrations are generated
and exempt."""

import ast
import configparser
import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = (
    *(
        "config",
        "ops",
        "handbook",
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
        "cities",
        "battles",
        "play",
        "tactics",
        "friendly",
        "bots",
        "room",
        "games",
        "api",
        "bbs",
        "screens",
        "gamescreens",
    ),
    *("tests", "bench", "examples"),
)
MAX_LINES = 400
MAX_FUNCTION_LINES = 60
ISSUE_NUMBER = re.compile(r"\bissue ?#?\d+", re.IGNORECASE)


def sources() -> list[Path]:
    found = [path for folder in FOLDERS for path in (ROOT / folder).rglob("*.py")]
    return sorted(path for path in found if "migrations" not in path.parts)


def test_the_walk_sees_the_apps_and_the_tests():
    names = {str(path.relative_to(ROOT)) for path in sources()}
    assert {"config/settings.py", "battles/services/siege.py", "tests/test_layout.py"} <= names
    assert not any("/migrations/" in name for name in names)


def test_no_module_is_over_400_lines():
    long = {str(p.relative_to(ROOT)): n for p in sources() if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def test_no_function_is_over_60_lines():
    long = {}
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                if (length := node.end_lineno - node.lineno + 1) > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = length
    assert long == {}


def test_no_code_names_the_issue_that_asked_for_it():
    """Python, templates, scripts and styles of the apps, the deploy files, the README and docs/."""
    texts = sources() + [
        path
        for pattern in ("templates/**/*.html", "campaign/static/*.js", "campaign/static/*.css", "deploy/**/*")
        for path in ROOT.glob(pattern)
        if path.is_file()
    ]
    texts += [ROOT / "README.md", ROOT / "bench" / "RESULTS.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in texts
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if ISSUE_NUMBER.search(line)
    ]
    assert found == []


# The packages whose imports the layers and the cycles are about: every folder above but the
# tests, the benchmarks and the examples (scripts that set Django up before they import it).
APPS = tuple(folder for folder in FOLDERS if folder not in ("tests", "bench", "examples"))


def function_imports(path: Path) -> list[tuple[int, str]]:
    """The imports inside a function body of `path`: (line, the comment that explains them or "")."""
    lines = path.read_text().splitlines()
    found = []
    for node in ast.walk(ast.parse("\n".join(lines), filename=str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    at = inner.lineno - 2
                    while at > 0 and lines[at].lstrip().startswith(("import ", "from ")):
                        at -= 1  # a group of imports is explained once, above it
                    said = [lines[inner.lineno - 1], lines[at]]
                    found.append((inner.lineno, " ".join(line.split("#", 1)[1] for line in said if "#" in line)))
    return found


def test_an_import_inside_a_function_says_why_it_waits():
    """Imports sit at the top of a module, where the layers and the cycles can be seen; one that
    must wait (for the apps to be ready, or to spare a process a library it rarely needs) says
    `deferred:` and why, on its line or above its group."""
    unexplained = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in APPS
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "migrations" not in path.parts
        for line, comment in function_imports(path)
        if "deferred:" not in comment
    ]
    assert unexplained == []


def doctested_modules() -> list[str]:
    """The tree's modules (the folders walked above and the scripts at the top, manage.py) with an
    example (`>>>`) in a docstring of the module, a class or a function, as doctest reads them."""
    parser, found = doctest.DocTestParser(), []
    for path in [*sources(), *sorted(ROOT.glob("*.py"))]:
        tree = ast.parse(path.read_text(), filename=str(path))
        documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        texts = [ast.get_docstring(node, clean=False) for node in ast.walk(tree) if isinstance(node, documented)]
        if any(parser.get_examples(text) for text in texts if text):
            found.append(path.relative_to(ROOT).as_posix())
    return found


def test_every_test_path_exists_and_takes_in_every_doctest():
    """pytest.ini's testpaths are what `make test` collects, and pytest runs the doctests
    (--doctest-modules) of the modules under them only: each path exists (a package moved without
    its entry drops its doctests silently), and every module holding a doctest, wherever it is
    (rules, screens, the terminal, the benches), lies under one of them."""
    config = configparser.ConfigParser()
    config.read(ROOT / "pytest.ini")
    paths = config["pytest"]["testpaths"].split()
    assert [path for path in paths if not (ROOT / path).exists()] == []
    modules = doctested_modules()
    assert {"campaign/inputs.py", "games/xiangqi.py", "bbs/inbound.py"} <= set(modules), "the walk finds doctests"
    assert [module for module in modules if not any(module == p or module.startswith(p + "/") for p in paths)] == []


def test_the_walks_see_every_package_of_the_tree():
    """A package added at the top of the tree is walked for its sizes, its texts and its deferred
    imports as soon as it exists: one left out of FOLDERS would escape all three unseen."""
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")}
    assert packages - set(FOLDERS) == set()
    assert packages - {"tests", "bench", "examples"} <= set(APPS)
