"""The rules' two texts (docs/rules.md in English, docs/rules.zh-Hant.md) held together: the same
clauses in the same order, numbered as the specification numbers them (R1–R12), each English clause
naming modules that exist, and nothing for maintainers on the players' page. No database."""

import doctest
import re
from pathlib import Path

import handbook.rules_text
from handbook.rules_text import SOURCES, render_rules, rules_page, source_path

ROOT = Path(__file__).resolve().parent.parent.parent
# The specification's clauses per section (RULES.md): R1.1–R1.6, R2.1–R2.6, … R11.1–R11.7; R12 the
# settings' table. Code, tests and messages cite these ids: none may be renumbered.
CLAUSES_PER_SECTION = {1: 6, 2: 6, 3: 6, 4: 6, 5: 4, 6: 5, 7: 5, 8: 4, 9: 4, 10: 6, 11: 7, 12: 0}
LANGUAGES = sorted(SOURCES)


def ids(language: str) -> list[str]:
    return [h.id for s in rules_page(language).sections for h in (s.heading, *s.clauses)]


def test_the_rendering_examples_hold():
    assert doctest.testmod(handbook.rules_text).failed == 0


def test_every_clause_of_the_specification_has_its_heading_in_both_languages():
    """Clause ids as RULES.md numbers them (R7.3), in its order, in English and in Chinese."""
    expected = [
        clause
        for section, count in CLAUSES_PER_SECTION.items()
        for clause in [f"R{section}"] + [f"R{section}.{n}" for n in range(1, count + 1)]
    ]
    assert {language: ids(language) for language in LANGUAGES} == {language: expected for language in LANGUAGES}


def test_every_english_clause_names_the_modules_that_enforce_it_and_they_exist():
    """docs/rules.md for maintainers: after each clause, a `Code:` line naming real modules."""
    text = source_path("en").read_text(encoding="utf-8")
    blocks = re.split(r"^### ", text, flags=re.M)[1:] + re.findall(r"^## R12 .*", text, flags=re.S | re.M)
    missing, absent = [], []
    for block in blocks:
        clause = block.split()[0] if not block.startswith("## ") else "R12"
        code = re.findall(r"^Code: (.+)$", block, flags=re.M)
        if not code:
            missing.append(clause)
        for path in re.findall(r"`([^`]+)`", " ".join(code)):
            if not (ROOT / path).is_file():
                absent.append(f"{clause}: {path}")
    assert len(blocks) == sum(CLAUSES_PER_SECTION.values()) + 1
    assert (missing, absent) == ([], [])


def test_the_players_page_leaves_out_what_is_for_maintainers():
    page = rules_page("en").html
    assert "Code:" not in page and "battles/services" not in page
    assert "This file is two things" not in page  # the maintainers' preamble
    assert "<!--" not in rules_page("zh-hant").html


def test_the_source_is_text_not_html():
    """The rules are rendered with raw HTML off and cleaned: a tag typed in them is shown as text."""
    page = render_rules("## R1 A\n\n### R1.1 B <script>alert(1)</script>\n<img src=x onerror=alert(1)>\n")
    assert "<script" not in page.html and "<img" not in page.html and "&lt;script&gt;" in page.html


def test_a_language_the_site_does_not_speak_reads_the_default():
    assert rules_page("fr") == rules_page("zh-hant")


def test_no_markdown_is_left_unrendered_in_either_language():
    """Emphasis next to Chinese punctuation (**本站裁定**：) renders too: no stray `**` or backquote."""
    for language in LANGUAGES:
        html = rules_page(language).html
        assert "**" not in html and "`" not in html, language
        assert html.count("<strong>") >= 20, language  # every Decision marked


def test_the_maintainers_list_of_decisions_is_the_clauses_that_hold_one():
    """docs/rules.md's preamble lists the clauses with a Decision; each language marks the same."""
    text = source_path("en").read_text(encoding="utf-8")
    preamble = text[: text.index("\n## ")]
    listed = re.findall(r"R\d+\.\d+", preamble[preamble.index("The decisions taken") :])
    zh = source_path("zh-hant").read_text(encoding="utf-8")
    held = {
        language: [block.split()[0] for block in re.split(r"^### ", source, flags=re.M)[1:] if marker in block]
        for language, source, marker in (("en", text, "**Decision:**"), ("zh-hant", zh, "**本站裁定**："))
    }
    assert held == {"en": listed, "zh-hant": listed} and len(listed) == 16
