"""STYLE.md rule 1: pure rules modules import nothing from Django."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pure_modules() -> list[Path]:
    patterns = ("*/rules.py", "*/rules/*.py", "*/*/rules/*.py", "games/**/*.py")  # */*/rules: seasons/world/rules
    found = [p for pattern in patterns for p in ROOT.glob(pattern)]
    return [p for p in found if ".venv" not in p.parts]


def django_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return [n for n in names if n == "django" or n.startswith("django.") or n.startswith("campaign.models")]


def test_pure_rules_import_no_django():
    modules = pure_modules()
    assert len(modules) >= 2, "the rules modules were not found"
    offenders = {str(p.relative_to(ROOT)): django_imports(p) for p in modules if django_imports(p)}
    assert offenders == {}
