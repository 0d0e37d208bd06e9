"""The rules of the war as players read them: one Markdown file per language in docs/ (English
`rules.md`, which is also the maintainers' copy, and `rules.zh-Hant.md`), rendered once per process
with markdown-it-py and cleaned by nh3 like every text of the site.

A heading that starts with a clause id (`## R7 …`, `### R7.3 …`) gets that id as its anchor and a
link to itself, and goes into the table of contents; a clause cited in the text links to it. What
is for maintainers only is left out of the page: whatever stands before the first section heading,
and the `Code:` lines that name the modules enforcing a clause.

>>> page = render_rules("# Notes\\n\\n## R7 Time\\n\\n### R7.3 A call\\nSix points (R7).\\n\\nCode: `x.py`\\n")
>>> page.sections[0].clauses[0]
Heading(id='R7.3', title='A call')
>>> print(page.html)
<h2 id="R7"><a href="#R7">R7</a> Time</h2>
<h3 id="R7.3"><a href="#R7.3">R7.3</a> A call</h3>
<p>Six points (<a href="#R7">R7</a>).</p>
<BLANKLINE>
>>> sorted(page.anchors)
['R7', 'R7.3']
"""

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import nh3
from django.conf import settings
from markdown_it import MarkdownIt
from markdown_it.token import Token

from forum.markup import ALLOWED_TAGS

# A clause id as RULES.md numbers them: a section (R7) or a clause (R7.3).
CLAUSE_ID = re.compile(r"R\d{1,2}(?:\.\d+)*")
_HEADING = re.compile(rf"({CLAUSE_ID.pattern})\s+(.+)")
_CITED = re.compile(rf"(?<![A-Za-z0-9_.])({CLAUSE_ID.pattern})(?![A-Za-z0-9_]|\.\d)")
# The rules' source per interface language (settings.LANGUAGES); English is the maintainers' copy.
SOURCES = {"zh-hant": "rules.zh-Hant.md", "en": "rules.md"}
MAINTAINERS_LINE = "Code: "

_MD = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])


@dataclass(frozen=True)
class Heading:
    id: str
    """The clause id, which is also the anchor (`R7.3`)."""
    title: str
    """The heading's words after the id."""


@dataclass(frozen=True)
class Section:
    heading: Heading
    clauses: tuple[Heading, ...]


@dataclass(frozen=True)
class RulesPage:
    html: str
    """The rules as cleaned HTML, each section and clause heading anchored by its id."""
    sections: tuple[Section, ...]
    """The table of contents."""

    @property
    def anchors(self) -> frozenset[str]:
        return frozenset(h.id for s in self.sections for h in (s.heading, *s.clauses))


def players_text(source: str) -> str:
    """The source without what is for maintainers: the preamble and the `Code:` lines."""
    lines = source.splitlines()
    first = next((i for i, line in enumerate(lines) if line.startswith("## ")), len(lines))
    return "\n".join(line for line in lines[first:] if not line.startswith(MAINTAINERS_LINE)) + "\n"


def _anchor(tokens: list[Token], index: int) -> Heading | None:
    """Give the heading at `index` its clause id as anchor, its id a link to itself."""
    inline = tokens[index + 1]
    found = _HEADING.fullmatch(inline.content.strip())
    children = inline.children or []
    first = children[0] if children else None
    if found is None or first is None or first.type != "text" or not first.content.startswith(found[1]):
        return None
    clause = found[1]
    tokens[index].attrSet("id", clause)
    first.content = first.content[len(clause) :]
    inline.children = _link(clause) + children
    return Heading(clause, found[2].strip())


def _link(clause: str) -> list[Token]:
    return [
        Token("link_open", "a", 1, attrs={"href": f"#{clause}"}),
        Token("text", "", 0, content=clause),
        Token("link_close", "a", -1),
    ]


def _link_citations(inline: Token, anchors: frozenset[str]) -> None:
    """Each clause the text cites (outside links and code) becomes a link to its anchor; code is
    marked as no text to translate."""
    children: list[Token] = []
    depth = 0
    for child in inline.children or []:
        depth += {"link_open": 1, "link_close": -1}.get(child.type, 0)
        if child.type == "code_inline":
            child.attrSet("translate", "no")  # a notation (1.Nf3, b3xb1), the same in every language
        if child.type != "text" or depth:
            children.append(child)
            continue
        parts = _CITED.split(child.content)  # text, id, text, id, …, text
        for index, part in enumerate(parts):
            if index % 2 and part in anchors:
                children += _link(part)
            elif part:
                children.append(Token("text", "", 0, content=part))
    inline.children = children


def render_rules(source: str) -> RulesPage:
    tokens = _MD.parse(players_text(source))
    sections: list[Section] = []
    for index, token in enumerate(tokens):
        if token.type != "heading_open" or token.tag not in ("h2", "h3"):
            continue
        heading = _anchor(tokens, index)
        if heading is None:
            continue
        if token.tag == "h2":
            sections.append(Section(heading, ()))
        elif sections:
            last = sections[-1]
            sections[-1] = Section(last.heading, (*last.clauses, heading))
    page = RulesPage("", tuple(sections))
    for index, token in enumerate(tokens):
        if token.type == "inline" and tokens[index - 1].type != "heading_open":
            _link_citations(token, page.anchors)
    html = nh3.clean(
        _MD.renderer.render(tokens, _MD.options, {}),
        tags=ALLOWED_TAGS,
        attributes={"h2": {"id"}, "h3": {"id"}, "a": {"href"}, "code": {"translate"}, "th": {"style"}, "td": {"style"}},
        url_schemes={"http", "https"},
        link_rel=None,
        filter_style_properties={"text-align"},
    )
    return RulesPage(html, page.sections)


def source_path(language: str) -> Path:
    return Path(settings.BASE_DIR) / "docs" / SOURCES.get(language, SOURCES[settings.LANGUAGE_CODE])


@cache
def rules_page(language: str) -> RulesPage:
    """The page in `language` (the site's default for one it does not speak), read and rendered
    once per process: the files change only with a deployment."""
    return render_rules(source_path(language).read_text(encoding="utf-8"))
