"""Every clause id that the code, the templates or the translation catalogue cites (R7.3, or a
section: R10, §3) resolves to an anchor on the rules page in both languages, so that a reader can
look it up and a refusal's link lands on its clause. No database."""

import re
from pathlib import Path

from handbook.rules_text import SOURCES, rules_page

ROOT = Path(__file__).resolve().parent.parent.parent
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
        "play",
        "battles",
        "games",
        "api",
        "bbs",
        "screens",
        "gamescreens",
    ),
    *("tests", "bench", "examples"),
)
# A citation: R7, R7.3, §7. Not a piece in a FEN ("…/R8/…", "3R5"), nor a move in WXF notation
# (R1=2, R9+1), which the games' code and tests are full of.
CITED = re.compile(r"(?<![A-Za-z0-9_./+=-])(?:R\d{1,2}(?:\.\d+)*|§\d{1,2})(?![A-Za-z0-9_/+=-]|\.\d)")


def texts() -> list[Path]:
    python = [p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py") if "migrations" not in p.parts]
    others = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("locale/**/*.po"), *ROOT.glob("*/static/*.js")]
    here = Path(__file__).parent  # the rules page's own tests cite ids that do not exist, on purpose
    return sorted(p for p in python + others if here not in p.parents)


def citations(text: str) -> set[str]:
    return {match if not match.startswith("§") else f"R{match[1:]}" for match in CITED.findall(text)}


def unanchored(found: dict[str, set[str]]) -> dict[str, dict[str, list[str]]]:
    """Per language, each cited clause without an anchor and a few of the files citing it."""
    result: dict[str, dict[str, list[str]]] = {}
    for language in sorted(SOURCES):
        anchors = rules_page(language).anchors
        missing = {clause: sorted(where)[:3] for clause, where in found.items() if clause not in anchors}
        if missing:
            result[language] = missing
    return result


def test_the_citations_are_read_as_clauses_and_not_as_moves_or_positions():
    text = 'RuleViolation("R7.3", _("… (R3.6、R10.3) §3")) "4k4/R8/9/3R5 w" "R1=2" "R9+1" R7 games'
    assert citations(text) == {"R7.3", "R3.6", "R10.3", "R3", "R7"}


def test_a_clause_the_rules_do_not_have_is_reported():
    assert unanchored({"R8.5": {"api/acts_war.py"}, "R7.3": {"x"}}) == {
        language: {"R8.5": ["api/acts_war.py"]} for language in sorted(SOURCES)
    }


def test_every_clause_cited_in_the_code_templates_and_messages_has_an_anchor_in_both_languages():
    found: dict[str, set[str]] = {}
    for path in texts():
        for clause in citations(path.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(clause, set()).add(str(path.relative_to(ROOT)))
    assert {"R1.1", "R7.3", "R11.7", "R10"} <= set(found)  # the walk reads the tree
    assert unanchored(found) == {}
