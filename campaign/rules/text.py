"""What any text typed by a user may hold: a bounded length and no control characters
(a NUL cannot be stored by PostgreSQL; others corrupt pages and records). Pure: no Django.

>>> text_fault("炮二平五\\n馬8進7", max_length=100)
>>> text_fault("a\\x00b", max_length=100)
'control'
>>> text_fault("a\\nb", max_length=100, multiline=False)
'control'
>>> text_fault("x" * 101, max_length=100)
'too_long'
>>> text_fault("a\\u202eb", max_length=100, multiline=False), text_fault("a\\uffffb", max_length=100)
('control', 'control')
"""

import unicodedata

MULTILINE_ALLOWED = frozenset("\n\r\t")
# The bidi embeddings, overrides and isolates: in one line (a name, a title, a subject, a comment)
# they turn the rest of the line around where it is shown ("gpj.exe" read as "exe.jpg"), past the
# text's own end, so they are refused there (a paragraph of a post ends its own).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _noncharacter(char: str) -> bool:
    """U+FDD0..U+FDEF and the last two of every plane: XML 1.0 cannot hold U+FFFE and U+FFFF
    (one of them makes a board's Atom feed unreadable), and none is ever text."""
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def text_fault(text: str, *, max_length: int, multiline: bool = True) -> str | None:
    """None for acceptable text; else `"too_long"` or `"control"`."""
    if len(text) > max_length:
        return "too_long"
    allowed = MULTILINE_ALLOWED if multiline else frozenset()
    for char in text:
        if char < " " or "\x7f" <= char <= "\x9f" or char in "\u2028\u2029":
            if char not in allowed:
                return "control"
        elif unicodedata.category(char) == "Cs":  # a lone surrogate cannot be stored either
            return "control"
        elif _noncharacter(char) or (not multiline and char in BIDI_CONTROLS):
            return "control"
    return None


def shown_name(text: str, limit: int = 40) -> str:
    """A typed name as a refusal may echo it: without the characters `text_fault` refuses in one
    line, and at most `limit` characters.

    >>> shown_name("cao\\x00cao\\u202e"), shown_name("x" * 50, 3)
    ('caocao', 'xxx…')
    """
    kept = "".join(char for char in text if not text_fault(char, max_length=1, multiline=False))
    return kept if len(kept) <= limit else kept[:limit] + "…"


# Names (of kingdoms, cities, officers, campaigns) go into the site's own posts, which are Markdown:
# a name is plain text, without the characters that would make it a link, a tag or emphasis there.
NAME_MARKUP = frozenset("[]<>*`\\|")


def name_fault(name: str) -> str | None:
    """None for a plain name; else `"markup"`.

    >>> name_fault("曹操"), name_fault("Zhang Liao"), name_fault("[x](https://e.example)"), name_fault("a*b*")
    (None, None, 'markup', 'markup')
    """
    return "markup" if any(char in NAME_MARKUP for char in name) else None


ID_MAX = 2**63 - 1  # the largest id the database holds (a BigAutoField, on SQLite and PostgreSQL)


def parse_id(raw: object, *, maximum: int = ID_MAX) -> int | None:
    """An id as typed in a form or a query: ASCII digits only, within the database's range.

    >>> parse_id("42"), parse_id("²"), parse_id("٣"), parse_id("9" * 30), parse_id(None), parse_id(" 7")
    (42, None, None, None, None, None)
    >>> parse_id(str(2**63 - 1)) == ID_MAX, parse_id(str(2**63)), parse_id(str(10**20))
    (True, None, None)
    """
    if not isinstance(raw, str) or not raw.isascii() or not raw.isdigit() or len(raw) > len(str(maximum)):
        return None
    value = int(raw)
    return value if value <= maximum else None
