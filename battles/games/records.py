"""Reading a record's text: PGN tags, move numbers, comments and results out of the way."""

import re

TAG_RE = re.compile(r'^\s*\[(\w+)\s+"(.*)"\]\s*$', re.MULTILINE)
COMMENT_RE = re.compile(r"\{[^}]*\}|;[^\n]*|\([^)]*\)")
MOVE_NUMBER_RE = re.compile(r"^\d+\.+$|^\d+\.+(?=\S)")
RESULTS = ("1-0", "0-1", "1/2-1/2", "½-½", "*")
MAX_TOKENS = 2000


def split_record(text: str) -> tuple[dict[str, str], list[str], str | None]:
    """Tags, move tokens (move numbers dropped) and the result written at the end, if any.

    >>> split_record('[Red "a"]\\n1. h2e2 h9g7 2. h0g2 {a comment} 1-0')
    ({'Red': 'a'}, ['h2e2', 'h9g7', 'h0g2'], '1-0')
    >>> split_record("1.炮二平五 馬８進７ 2.馬二進三")[1]
    ['炮二平五', '馬８進７', '馬二進三']
    """
    text = text.lstrip("\ufeff")
    headers = dict(TAG_RE.findall(text))
    body = COMMENT_RE.sub(" ", TAG_RE.sub(" ", text))
    tokens, result = [], None
    for raw in body.replace("\u3000", " ").split():
        token = MOVE_NUMBER_RE.sub("", raw).strip(",、。")
        if not token:
            continue
        if token in RESULTS:
            result = None if token == "*" else token.replace("½-½", "1/2-1/2")
            continue
        tokens.append(token)
    return headers, tokens, result
