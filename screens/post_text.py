"""A post's Markdown drawn as a BBS draws text: the board's own parse
(forum/markup.py `markdown_tokens`), each piece through `bbs.text.safe`, then broken into lines of
the terminal's width by wcwidth. **Bold** is highlighted text, *emphasis* underlined, ~~strike~~
struck; a link is its text and a marker: a game of the campaign (`/c/<slug>/games/<id>/`) `[g]`,
the key that follows it in the pager (its live board or replay), any other its address in
brackets; a quote starts with `> `, a list item with `- ` or its number, code stays as typed."""

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from wcwidth import wcwidth

from bbs.text import safe
from forum.markup import markdown_tokens

Line = list[tuple[str, str]]

STRONG = "bold #ffffff"  # PTT's highlighted (bright) text
EMPHASIS = "underline"
STRIKE = "strike"
CODE = "#00ffff"
LINK = "underline #00ffff"
MARKER = "class:dim"
GAME_PATH = re.compile(r"^(?:https?://[^/]+)?/c/[^/]+/games/(\d+)/?(?:[?#].*)?$")
GAME_MARKER = "[g]"


def game_of(href: str) -> int | None:
    """The game a link leads to (its id), or None.

    >>> game_of("/c/chibi/games/3/"), game_of("https://x.tw/c/chibi/games/12"), game_of("/c/chibi/")
    (3, 12, None)
    """
    found = GAME_PATH.match(href.strip())
    return int(found.group(1)) if found else None


@dataclass
class Drawn:
    """The post as lines of the terminal, and on each line the games its links lead to."""

    lines: list[Line] = field(default_factory=list)
    games: list[list[int]] = field(default_factory=list)


def post_lines(text: str, columns: int) -> Drawn:
    """The post `text` (Markdown) as lines at most `columns` wide."""
    drawn = Drawn()
    for prefix, line, games in _logical(text):
        for number, piece in enumerate(_wrapped(line, max(columns - _width(prefix), 1))):
            lead = prefix if number == 0 else " " * _width(prefix)
            drawn.lines.append([(MARKER, lead), *piece] if lead else piece)
            drawn.games.append([game for game in games if _shows(piece, game)] if games else [])
    if not drawn.lines:
        drawn.lines.append([])
        drawn.games.append([])
    return drawn


def _game_style(game: int | None) -> str:
    """A game link's marker's style: dim, and which game (for the pager's `g`)."""
    return MARKER + " class:game-" + ("" if game is None else str(game))


def _shows(piece: Line, game: int) -> bool:
    return any(style == _game_style(game) for style, _text in piece)


def _logical(text: str):
    """(prefix, line, games) for each line the text holds before it is wrapped."""
    prefixes: list[str] = []
    numbers: list[int | None] = []  # each open list: its next number (None: a bullet list)
    pending_item = ""
    out: list[tuple[str, Line, list[int]]] = []
    row: Line = []
    tokens = markdown_tokens(text)
    for index, token in enumerate(tokens):
        kind = token.type
        if kind == "blockquote_open":
            prefixes.append("> ")
        elif kind in ("blockquote_close", "list_item_close"):
            prefixes.pop() if prefixes else None
        elif kind == "bullet_list_open":
            numbers.append(None)
        elif kind == "ordered_list_open":
            numbers.append(int(token.attrGet("start") or 1))
        elif kind in ("bullet_list_close", "ordered_list_close"):
            numbers.pop() if numbers else None
            _blank(out)
        elif kind == "list_item_open":
            current = numbers[-1] if numbers else None
            pending_item = "- " if current is None else f"{current}. "
            if current is not None:
                numbers[-1] = current + 1
            prefixes.append(" " * len(pending_item))
        elif kind == "paragraph_close" and not token.hidden:
            _blank(out)
        elif kind == "heading_close":
            _blank(out)
        elif kind in ("fence", "code_block"):
            for code in token.content.rstrip("\n").split("\n"):
                out.append((_lead(prefixes, pending_item), [(CODE, safe(code, newlines=False))], []))
                pending_item = ""
            _blank(out)
        elif kind == "hr":
            out.append((_lead(prefixes, ""), [(MARKER, "-" * 20)], []))
        elif kind == "tr_close":
            out.append((_lead(prefixes, pending_item), row, []))
            row = []
        elif kind in ("th_open", "td_open") and row:
            row.append((MARKER, " | "))
        elif kind == "table_close":
            _blank(out)
        elif kind == "inline":
            heading = index > 0 and tokens[index - 1].type == "heading_open"
            lines = _inline(token.children or [], STRONG if heading else "")
            if tokens[index + 1].type in ("th_close", "td_close"):
                row.extend(piece for line, _games in lines for piece in line)
                continue
            for line, games in lines:
                out.append((_lead(prefixes, pending_item), line, games))
                pending_item = ""
    while out and not out[-1][1] and not out[-1][0].strip():
        out.pop()
    return out


def _lead(prefixes: list[str], item: str) -> str:
    """The prefix of a line: the quotes' `> ` and the lists' indent, the item's marker in its place."""
    if not item:
        return "".join(prefixes)
    return "".join(prefixes[:-1]) + item


def _blank(out: list) -> None:
    """A blank line between blocks (one, and none at the start)."""
    if out and (out[-1][1] or out[-1][0].strip()):
        out.append(("", [], []))


def _inline(children, base: str) -> list[tuple[Line, list[int]]]:
    """An inline run as lines (a newline in the text is a line break, as the board's `breaks`)."""
    lines: list[tuple[Line, list[int]]] = [([], [])]
    styles: list[str] = [base] if base else []
    href_game: int | None = None
    href = ""

    def add(style: str, text: str) -> None:
        lines[-1][0].append((style, text))

    for child in children:
        kind = child.type
        style = " ".join(styles)
        if kind == "text":
            add(style, safe(child.content, newlines=False))
        elif kind == "code_inline":
            add(CODE, safe(child.content, newlines=False))
        elif kind in ("softbreak", "hardbreak"):
            lines.append(([], []))
        elif kind == "strong_open":
            styles.append(STRONG)
        elif kind == "em_open":
            styles.append(EMPHASIS)
        elif kind == "s_open":
            styles.append(STRIKE)
        elif kind == "link_open":
            href = str(child.attrGet("href") or "")
            href_game = game_of(href)
            styles.append(LINK)
        elif kind == "link_close":
            styles.pop() if styles else None
            if href_game is not None:
                add(_game_style(href_game), GAME_MARKER)
                lines[-1][1].append(href_game)
            elif href:
                add(MARKER, " <" + safe(href, newlines=False) + ">")
            href, href_game = "", None
        elif kind in ("strong_close", "em_close", "s_close"):
            styles.pop() if styles else None
        elif kind == "image":
            add(style, safe(child.content, newlines=False))
            add(MARKER, " " + _("[image]"))
        elif kind == "html_inline":
            add(style, safe(child.content, newlines=False))
    return lines


def _width(text: str) -> int:
    return sum(max(wcwidth(char), 0) for char in text)


def _wrapped(line: Line, columns: int) -> list[Line]:
    """The line broken where it would overflow (by character, as `bbs.text.wrap`), styles kept;
    a marker is never split."""
    out: list[Line] = [[]]
    used = 0
    for style, text in line:
        pieces = [text] if style.startswith(_game_style(None)) else list(text)
        for piece in pieces:
            w = _width(piece)
            if used + w > columns and used:
                out.append([])
                used = 0
            if out[-1] and out[-1][-1][0] == style:
                out[-1][-1] = (style, out[-1][-1][1] + piece)
            else:
                out[-1].append((style, piece))
            used += w
    return out
