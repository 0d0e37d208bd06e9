"""What a Big5 terminal draws in as many columns as the screens counted (wcwidth).

A Big5 terminal (PCMan, old PuTTY) draws every double-byte character two columns wide. wcwidth
counts the "ambiguous" characters CP950 encodes in two bytes (← ↑ ↓ → — … · ★ ○ ×) as one, so a
line holding them came out wider than counted and pushed the status line past the 80th column;
and a wide character CP950 lacks (an emoji, a simplified 张) went out as a one-column "?" where two
were counted. Before the frame's text is encoded for Big5, each such character is swapped for
what keeps the count: a one-column ASCII stand-in, or "??"."""

from functools import lru_cache

from wcwidth import wcwidth

STAND_INS = {
    "←": "<",
    "→": ">",
    "↑": "^",
    "↓": "v",
    "—": "-",
    "–": "-",
    "…": ".",
    "·": ".",
    "★": "*",
    "☆": "*",
    "●": "*",
    "○": "o",
    "•": "*",
    "×": "x",
    "─": "-",
    "│": "|",
    "°": "o",
    "′": "'",
    "″": '"',
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
}


@lru_cache(maxsize=8192)
def _drawn(char: str) -> str:
    columns = wcwidth(char)
    try:
        encoded = char.encode("cp950")
    except UnicodeEncodeError:
        return "?" * max(columns, 0)
    if len(encoded) == 2 and columns == 1:
        return STAND_INS.get(char, "?")
    if len(encoded) == 2 and columns == 0:
        return ""
    return char


def big5_drawn(text: str) -> str:
    """`text` with every character a Big5 terminal would draw wider or narrower than wcwidth counts
    replaced by what takes the counted columns.

    >>> big5_drawn("? 說明  q/← 返回  ↑↓ 移動")
    '? 說明  q/< 返回  ^v 移動'
    >>> big5_drawn("张飞 😀 ok")
    '???? ?? ok'
    """
    if text.isascii():
        return text
    return "".join(_drawn(char) if char >= "\x80" else char for char in text)
