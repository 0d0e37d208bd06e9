"""Reading a record's text with the PGN standard's grammar (export and import format, §8.2):
tag pairs, move numbers, comments (`{…}` and `;` to the end of the line), escape lines (`%`),
variations (`(…)`, nested), numeric annotation glyphs (`$1`), suffix annotations (`!`, `?`,
`!!`, `??`, `!?`, `?!`, and their full-width forms) and the result at the end.

One pass over the text, no backtracking: any input within the caps is read in linear time
(bench/inputs.py measures it against ordinary text of the same length).
"""

import re

from games.base import RecordError

TAG_RE = re.compile(r'\[([A-Za-z0-9_]+)\s+"([^"\\]*(?:\\.[^"\\]*)*)"\]')
SPECIAL_RE = re.compile(r"[{}();]")
MOVE_NUMBER_RE = re.compile(r"^\d+[.．]+")
NAG_RE = re.compile(r"^\$\d+$")
SUFFIX_RE = re.compile(r"(?:!!|\?\?|!\?|\?!|!|\?)$")
FULLWIDTH_GLYPHS = str.maketrans({"！": "!", "？": "?"})
GLYPH_ENDS = frozenset("!?！？,、。")
RESULTS = ("1-0", "0-1", "1/2-1/2", "½-½", "*")
MAX_CHARS = 200_000
MAX_TOKENS = 2000
MAX_SPECIALS = 10_000  # comment and variation marks: a heavily analysed game has a few hundred
MAX_MOVE_CHARS = 16  # no move in any notation is longer (`前炮二平五!?`, `exd8=Q+`)


def _tag(line: str) -> tuple[str, str] | None:
    stripped = line.strip()
    if not stripped.startswith("[") or not stripped.endswith("]"):
        return None
    match = TAG_RE.fullmatch(stripped)
    return (match.group(1), match.group(2)) if match else None


def movetext(text: str) -> tuple[dict[str, str], str]:
    """The tag pairs and the main line's text, comments and variations taken out.

    >>> headers, text = movetext('[Red "a"]\\n1. h2e2 {a {comment} h9g7 (1... h7e7 (b)) ; more\\n2. h0g2 %')
    >>> headers, text.split()
    ({'Red': 'a'}, ['1.', 'h2e2', 'h9g7', '2.', 'h0g2', '%'])
    >>> movetext("1. e4 (1. d4 d5 ((( e5")[1]  # an unclosed variation runs to the end
    '1. e4 '
    """
    headers: dict[str, str] = {}
    kept: list[str] = []
    in_comment, depth = False, 0
    for line in text.splitlines(keepends=True):
        if not in_comment and depth == 0:
            if line.startswith("%"):  # an escape line (PGN 6)
                continue
            tag = _tag(line)
            if tag is not None:
                headers.setdefault(*tag)
                continue
        at = 0
        while at < len(line):
            if in_comment:
                end = line.find("}", at)
                if end < 0:
                    break
                in_comment, at = False, end + 1
                continue
            special = SPECIAL_RE.search(line, at)
            stop = special.start() if special else len(line)
            if depth == 0:
                kept.append(line[at:stop])
            if special is None:
                break
            char, at = special.group(), stop + 1
            if char == "{":
                in_comment = True
            elif char == ";":
                kept.append("\n")
                break
            elif char == "(":
                depth += 1
            elif char == ")" and depth:
                depth -= 1
            if depth == 0:
                kept.append(" ")
    return headers, "".join(kept)


def move_token(raw: str) -> str | None:
    """A move as written, without its move number and annotation; None for a token that is
    no move (a numeric annotation glyph, a lone suffix annotation, a move number).

    >>> [move_token(t) for t in ("12.炮二平五!?", "Nxb2！？", "$14", "!!", "3...", "e4,")]
    ['炮二平五', 'Nxb2', None, None, None, 'e4']
    """
    if len(raw) > MAX_MOVE_CHARS:
        return raw  # no move: the notation readers refuse it at once, without reading it all
    token = MOVE_NUMBER_RE.sub("", raw) if raw[0].isdigit() else raw  # (a move is read per token: keep it cheap)
    if not token or (token[0] == "$" and NAG_RE.match(token)):
        return None
    if token[-1] in GLYPH_ENDS:
        token = SUFFIX_RE.sub("", token.translate(FULLWIDTH_GLYPHS).strip(",、。"))
    return token or None


def split_record(text: str) -> tuple[dict[str, str], list[str], str | None]:
    """Tags, move tokens (move numbers and annotations dropped) and the result written at
    the end, if any. Raises RecordError past the caps.

    >>> split_record('[Red "a"]\\n1. h2e2 h9g7 2. h0g2 {a comment} 1-0')
    ({'Red': 'a'}, ['h2e2', 'h9g7', 'h0g2'], '1-0')
    >>> split_record("1.炮二平五 馬８進７ 2.馬二進三")[1]
    ['炮二平五', '馬８進７', '馬二進三']
    """
    if len(text) > MAX_CHARS:
        raise RecordError(f"a record may be at most {MAX_CHARS} characters", code="too_long")
    if sum(text.count(mark) for mark in "{}();") > MAX_SPECIALS:
        raise RecordError(f"a record may have at most {MAX_SPECIALS} comment and variation marks", code="too_long")
    headers, body = movetext(text.lstrip("\ufeff"))
    tokens, result = [], None
    for raw in body.replace("\u3000", " ").split():
        token = move_token(raw)
        if token is None:
            continue
        if token in RESULTS:
            result = None if token == "*" else token.replace("½-½", "1/2-1/2")
            continue
        tokens.append(token)
        if len(tokens) > MAX_TOKENS:
            raise RecordError(f"a record may have at most {MAX_TOKENS} moves", code="too_long")
    return headers, tokens, result
