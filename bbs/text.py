"""Text on the terminal: what a user wrote is shown through `safe` (control characters and escape
sequences as visible text, never sent raw to another terminal); widths are counted with wcwidth
(a CJK character takes two columns)."""

import unicodedata
from functools import lru_cache

from wcwidth import wcswidth, wcwidth

TAB = "    "


def _visible(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return "^" + chr(code + 0x40)  # caret notation: ESC is ^[
    if code == 0x7F:
        return "^?"
    if 0x80 <= code < 0xA0:
        return f"<{code:02X}>"  # C1 controls (CSI is 9B) as their number
    return f"<U+{code:04X}>"  # other format characters: bidi overrides, zero-width joiners …


def safe(text: str, *, newlines: bool = True) -> str:
    """User text made harmless for a terminal: every control character (ESC, CSI, BEL, backspace,
    carriage return, DEL, C1), bidi override and other format character becomes visible text;
    a tab becomes spaces; newlines stay when `newlines` (else they show as ^J)."""
    out = []
    for char in text:
        if char == "\n" and newlines:
            out.append(char)
        elif char == "\t":
            out.append(TAB)
        elif unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") and char != "\u200b":
            out.append(_visible(char))
        else:
            out.append(char)
    return "".join(out)


def width(text: str) -> int:
    """Columns the text takes (CJK two each; a character wcwidth cannot measure counts one)."""
    measured = wcswidth(text)
    if measured >= 0:
        return measured
    return sum(max(wcwidth(char), 0) or (0 if unicodedata.combining(char) else 1) for char in text)


@lru_cache(maxsize=4096)  # the bars and menus fit the same texts at each redraw
def fit(text: str, columns: int, *, pad: bool = True) -> str:
    """The text cut to at most `columns` columns (never half a wide character), padded with
    spaces to exactly `columns` when `pad`."""
    out = []
    used = 0
    for char in text:
        w = max(wcwidth(char), 0)
        if used + w > columns:
            break
        out.append(char)
        used += w
    if pad:
        out.append(" " * (columns - used))
    return "".join(out)


def wrap(text: str, columns: int) -> list[str]:
    """Lines of at most `columns` columns: each line of the text broken where it would overflow
    (by character, as a terminal does; CJK text has no spaces to break at)."""
    lines: list[str] = []
    for line in text.split("\n"):
        current: list[str] = []
        used = 0
        for char in line:
            w = max(wcwidth(char), 0)
            if used + w > columns and current:
                lines.append("".join(current))
                current, used = [], 0
            current.append(char)
            used += w
        lines.append("".join(current))
    return lines
